import { and, eq, sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  LIMIT_WINDOWS,
  type LimitsResponse,
  type PlaySessionResponse,
  type RealityCheckMinutes,
  type SelfExclusionPeriod,
  type SetLimitsBody,
  type TimeOutPeriod,
  type RefusalReason,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Execution } from '../../db/batch.js';
import { playControls, playLimits } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import {
  COOLING_OFF_MS,
  selfExcluded,
  selfExclusionEnd,
  requestLimit,
  timedOut,
  timeOutEnd,
  windowLabel,
  windowPassed,
  windowsAt,
  type LimitKind,
  type StoredControls,
  type WindowState,
} from './limits.rules.js';
import {
  lockText,
  PURCHASE_STATE,
  rowsOf,
  sinceOf,
  stateOf,
  toState,
  unrestrictedCondition,
  type Counts,
  type PlayState,
  type RawState,
} from './limits.reads.js';
import { userById } from '../users/users.reads.js';
import { playedSince } from '../wallet/wallet.reads.js';

/** A time in messages: 2026-11-26 14:05 UTC. */
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The notice of a limit change, as NotificationsService.notify takes it. */
interface LimitEvent {
  category: 'limits';
  kind: string;
  title: string;
  body: string;
  link: string;
}
type LimitNotice = (tx: Tx, userId: string, event: LimitEvent) => Promise<unknown>;
/** The same notice as a statement of a batch (notifications' `noticeStatement`). */
type LimitNoticeStatement = (userId: string, event: LimitEvent) => Execution;
const LIMITS_LINK = '/dashboard?tab=limits';

/** The collector's state as a batch read it; a batch's rows may hold the json as text. */
const batchState = (rows: Record<string, unknown>[]) => {
  const state = rows[0]!.state;
  return toState((typeof state === 'string' ? JSON.parse(state) : state) as RawState);
};

/**
 * Responsible play: the limits, time-outs, self-exclusion and reality check a collector sets, and
 * the one check every purchase path and top-up runs in its own transaction, just before its debit.
 * The check takes a lock per collector that lasts until that transaction ends, so two purchases
 * of one collector never pass a limit together: the second reads the first's debit.
 */
export class LimitsService {
  private readonly now: () => Date;

  private readonly notify: LimitNotice | undefined;

  private readonly noticeStatement: LimitNoticeStatement | undefined;

  constructor(
    private readonly db: Db,
    opts: {
      now?: () => Date;
      /** Tells the collector of a limit used up or a pause started, in the change's transaction. */
      notify?: LimitNotice;
      /** The same, as a statement for a purchase's one-round-trip batch. */
      noticeStatement?: LimitNoticeStatement;
    } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.notify = opts.notify;
    this.noticeStatement = opts.noticeStatement;
  }

  /**
   * The statements that serialize a collector and read their state, for a batch (db/batch.ts):
   * the lock first, then the read in a statement of its own, so its snapshot is taken once the
   * collector's previous purchase has committed. `judgePurchase` then rules on the read's row.
   */
  purchaseStatements(userId: string): [string, Execution] {
    return [
      lockText(userId),
      { prepared: PURCHASE_STATE, values: [userId, sinceOf(this.now()).toISOString()] },
    ];
  }

  /**
   * For a purchase's one-round-trip attempt, which has no judgement to wait for: the collector's
   * lock, and an SQL condition (`user` is SQL, a literal or a parameter) that is true only when
   * nothing of theirs could stop or cap a purchase: no spending limit, and no time-out or
   * self-exclusion on record, even a past one. Anyone else takes the full path and its judgement.
   */
  unrestrictedPurchase(userId: string): { lock: string; condition: (user: string) => string } {
    return { lock: lockText(userId), condition: unrestrictedCondition };
  }

  /** Throws the 403 of a time-out, self-exclusion or spending limit for the batch's read. */
  judgePurchase(rows: Record<string, unknown>[], amountCents: number): void {
    this.judge(batchState(rows), 'spending', amountCents);
  }

  /**
   * For a purchase the batch's read allowed: the statement that tells the collector of the
   * spending limit it uses up, to travel in the purchase's own batch (none when it uses up none).
   */
  reachedStatements(userId: string, rows: Record<string, unknown>[], amountCents: number) {
    const reached = this.reachedNotice(batchState(rows), 'spending', amountCents);
    return reached && this.noticeStatement ? [this.noticeStatement(userId, reached)] : [];
  }

  /** In the purchase's transaction, before its debit: serialize, then throw if it is not allowed. */
  async checkPurchase(userId: string, amountCents: number, tx: Tx): Promise<void> {
    await this.judgeIn(userId, 'spending', amountCents, tx);
  }

  /** In the top-up's transaction, before its row is written: the same for a deposit. */
  async checkDeposit(userId: string, amountCents: number, tx: Tx): Promise<void> {
    await this.judgeIn(userId, 'deposit', amountCents, tx);
  }

  /**
   * A sell-back for profit (a credit above what the pull cost) is refused while self-excluded;
   * one at or below the price still returns money, so it stays open.
   */
  async checkSellBack(userId: string, creditCents: number, paidCents: number, tx: Tx) {
    if (creditCents <= paidCents) return;
    const state = await this.read(tx, userId, { spending: false, deposits: false });
    if (selfExcluded(state.controls, this.now()))
      throw this.excludedError(state.controls!, 'Sell-backs above what you paid are stopped');
  }

  /** Marketing e-mail goes only to collectors who are neither timed out nor self-excluded. */
  async mayReceiveMarketing(userId: string, db: Db | Tx = this.db): Promise<boolean> {
    const state = await this.read(db, userId, { spending: false, deposits: false });
    const now = this.now();
    return !selfExcluded(state.controls, now) && !timedOut(state.controls, now);
  }

  /** The collector's own view; staff read the same through `forStaff`. */
  async limits(userId: string, db: Db | Tx = this.db): Promise<LimitsResponse> {
    const state = await this.read(db, userId, { spending: true, deposits: true });
    return this.view(state);
  }

  async forStaff(userId: string): Promise<LimitsResponse> {
    if (!(await userById(this.db, userId))) throw notFound('User not found');
    return this.limits(userId);
  }

  async setLimits(userId: string, kind: LimitKind, body: SetLimitsBody): Promise<LimitsResponse> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(lockText(userId)));
      const now = this.now();
      const stored = await tx
        .select()
        .from(playLimits)
        .where(and(eq(playLimits.userId, userId), eq(playLimits.kind, kind)));
      for (const window of LIMIT_WINDOWS) {
        const requested = body[window];
        if (requested === undefined) continue;
        const next = requestLimit(
          stored.find((s) => s.window === window),
          requested === null ? null : dollarsToCents(requested),
          now,
        );
        const where = and(
          eq(playLimits.userId, userId),
          eq(playLimits.kind, kind),
          eq(playLimits.window, window),
        );
        if (next.amountCents === null && next.pendingEffectiveAt === null) {
          await tx.delete(playLimits).where(where);
          continue;
        }
        await tx
          .insert(playLimits)
          .values({ userId, kind, window, ...next, updatedAt: now })
          .onConflictDoUpdate({
            target: [playLimits.userId, playLimits.kind, playLimits.window],
            set: { ...next, updatedAt: now },
          });
      }
      return this.limits(userId, tx);
    });
  }

  /** A time-out never ends earlier than one already running. */
  async startTimeOut(userId: string, period: TimeOutPeriod): Promise<LimitsResponse> {
    return this.changeControls(
      userId,
      (c, now) => {
        const until = timeOutEnd(period, now);
        return {
          timeOutUntil: c?.timeOutUntil && c.timeOutUntil > until ? c.timeOutUntil : until,
        };
      },
      (set) => ({
        kind: 'limits.time_out',
        title: 'Your time-out has started',
        body: `Purchases and top-ups are paused until ${when(set.timeOutUntil!)}.`,
      }),
    );
  }

  /** Applies at once; never shortens a running exclusion, and drops a pending end request. */
  async selfExclude(userId: string, period: SelfExclusionPeriod): Promise<LimitsResponse> {
    return this.changeControls(
      userId,
      (c, now) => {
        const until = selfExclusionEnd(period, now);
        const running = selfExcluded(c, now) ? c!.selfExcludedUntil! : null;
        return {
          selfExcludedAt: now,
          selfExcludedUntil: running && running > until ? running : until,
          selfExclusionEndsAt: null,
        };
      },
      (set) => ({
        kind: 'limits.self_exclusion',
        title: 'Your self-exclusion has started',
        body: `Purchases, top-ups, sell-backs for profit and marketing e-mail stop until at least ${when(set.selfExcludedUntil!)}.`,
      }),
    );
  }

  /** Once the period has passed: the exclusion ends 24 hours after this request. */
  async requestSelfExclusionEnd(userId: string): Promise<LimitsResponse> {
    return this.changeControls(userId, (c, now) => {
      if (!selfExcluded(c, now)) throw conflict('You are not self-excluded.');
      if (c!.selfExcludedUntil! > now) {
        throw conflict(
          `Your self-exclusion runs until ${when(c!.selfExcludedUntil!)}; you can ask to end it from then.`,
        );
      }
      if (c!.selfExclusionEndsAt) return {};
      return { selfExclusionEndsAt: new Date(now.getTime() + COOLING_OFF_MS) };
    });
  }

  async setRealityCheck(
    userId: string,
    minutes: RealityCheckMinutes | null,
  ): Promise<LimitsResponse> {
    return this.changeControls(userId, () => ({ realityCheckMinutes: minutes }));
  }

  /** Packs and spots bought minus sell-back credits since `since` (no earlier than 24 hours ago). */
  async session(userId: string, since: Date): Promise<PlaySessionResponse> {
    const now = this.now();
    const earliest = new Date(now.getTime() - 24 * 3_600_000);
    const from = since < earliest ? earliest : since > now ? now : since;
    const { boughtCents, soldBackCents } = await playedSince(this.db, userId, from);
    return {
      since: from.toISOString(),
      bought: centsToDollars(boughtCents),
      soldBack: centsToDollars(soldBackCents),
      net: centsToDollars(boughtCents - soldBackCents),
    };
  }

  private async changeControls(
    userId: string,
    change: (
      current: StoredControls | undefined,
      now: Date,
    ) => Partial<typeof playControls.$inferInsert>,
    notice?: (
      set: Partial<typeof playControls.$inferInsert>,
    ) => Pick<LimitEvent, 'kind' | 'title' | 'body'>,
  ): Promise<LimitsResponse> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(lockText(userId)));
      const now = this.now();
      const [current] = await tx.select().from(playControls).where(eq(playControls.userId, userId));
      const set = { ...change(current, now), updatedAt: now };
      await tx
        .insert(playControls)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: playControls.userId, set });
      if (notice)
        await this.notify?.(tx, userId, { category: 'limits', link: LIMITS_LINK, ...notice(set) });
      return this.limits(userId, tx);
    });
  }

  private async judgeIn(userId: string, kind: LimitKind, amountCents: number, tx: Tx) {
    await tx.execute(sql.raw(lockText(userId)));
    const state = await this.read(tx, userId, {
      spending: kind === 'spending',
      deposits: kind === 'deposit',
      onlyUnderLimit: true,
    });
    this.judge(state, kind, amountCents);
    const reached = this.reachedNotice(state, kind, amountCents);
    if (reached) await this.notify?.(tx, userId, reached);
  }

  /** The notice of a limit this amount uses the last of, if it does. */
  private reachedNotice(state: PlayState, kind: LimitKind, amountCents: number): LimitEvent | null {
    const usedUp = this.windows(state, kind, this.now()).find(
      (w) => w.remainingCents !== null && w.remainingCents === amountCents,
    );
    if (!usedUp || amountCents <= 0) return null;
    const what = kind === 'spending' ? 'spending' : 'deposit';
    return {
      category: 'limits',
      kind: `limits.${what}_reached`,
      title: `You reached your ${windowLabel(usedUp.window)} ${what} limit`,
      body: `This uses the last of your ${formatCents(usedUp.limitCents!)} ${what} limit.${usedUp.resetsAt ? ` More becomes available from ${when(usedUp.resetsAt)}.` : ''}`,
      link: LIMITS_LINK,
    };
  }

  private judge(state: PlayState, kind: LimitKind, amountCents: number): void {
    const now = this.now();
    const stop = kind === 'spending' ? 'Purchases' : 'Top-ups';
    if (selfExcluded(state.controls, now))
      throw this.excludedError(state.controls!, stop + ' are stopped');
    if (timedOut(state.controls, now)) {
      throw new AppError(
        403,
        `You are on a time-out until ${when(state.controls!.timeOutUntil!)}. ${stop} are paused until then.`,
        'Forbidden',
        {
          reason: 'time_out' satisfies RefusalReason,
          limit: 'time-out',
          until: state.controls!.timeOutUntil!.toISOString(),
        },
      );
    }
    const windows = this.windows(state, kind, now);
    const passed = windowPassed(windows, amountCents);
    if (!passed) return;
    const what = kind === 'spending' ? 'spending' : 'deposit';
    const reset = passed.resetsAt ? ` More becomes available from ${when(passed.resetsAt)}.` : '';
    throw new AppError(
      403,
      `This would pass your ${windowLabel(passed.window)} ${what} limit of ${formatCents(passed.limitCents!)}: ${formatCents(passed.remainingCents!)} is left.${reset}`,
      'Forbidden',
      {
        reason: (kind === 'spending' ? 'spending_limit' : 'deposit_limit') satisfies RefusalReason,
        limit: what,
        window: passed.window,
        remaining: centsToDollars(passed.remainingCents!),
        resetsAt: passed.resetsAt?.toISOString() ?? null,
      },
    );
  }

  private excludedError(controls: StoredControls, stopped: string) {
    // Past its period, an exclusion lasts until an end request takes effect.
    const until =
      controls.selfExclusionEndsAt ??
      (controls.selfExcludedUntil! > this.now() ? controls.selfExcludedUntil : null);
    return new AppError(
      403,
      until
        ? `You have self-excluded until ${when(until)}. ${stopped} until then.`
        : `You are self-excluded until you ask to end it on the Limits tab; it ends 24 hours after. ${stopped}.`,
      'Forbidden',
      {
        reason: 'self_excluded' satisfies RefusalReason,
        limit: 'self-exclusion',
        until: until?.toISOString() ?? null,
      },
    );
  }

  private windows(state: PlayState, kind: LimitKind, now: Date): WindowState[] {
    return windowsAt(
      state.limits.filter((l) => l.kind === kind),
      kind === 'spending' ? state.spending : state.deposits,
      now,
    );
  }

  private async read(db: Db | Tx, userId: string, counts: Counts): Promise<PlayState> {
    const result = await db.execute(sql.raw(stateOf(userId, sinceOf(this.now()), counts)));
    return toState((rowsOf(result)[0] as { state: RawState }).state);
  }

  private view(state: PlayState): LimitsResponse {
    const now = this.now();
    const toWindow = (w: WindowState) => ({
      window: w.window,
      amount: w.limitCents === null ? null : centsToDollars(w.limitCents),
      used: centsToDollars(w.usedCents),
      remaining: w.remainingCents === null ? null : centsToDollars(w.remainingCents),
      resetsAt: w.resetsAt?.toISOString() ?? null,
      pending: w.pending && {
        amount: w.pending.amountCents === null ? null : centsToDollars(w.pending.amountCents),
        effectiveAt: w.pending.effectiveAt.toISOString(),
      },
    });
    const spending = this.windows(state, 'spending', now);
    const c = state.controls;
    const excluded = selfExcluded(c, now);
    const out = timedOut(c, now);
    return {
      spending: spending.map(toWindow),
      deposit: this.windows(state, 'deposit', now).map(toWindow),
      timeOutUntil: out ? c!.timeOutUntil!.toISOString() : null,
      selfExclusion: excluded
        ? {
            until: c!.selfExcludedUntil!.toISOString(),
            endEffectiveAt: c!.selfExclusionEndsAt?.toISOString() ?? null,
          }
        : null,
      realityCheckMinutes: (c?.realityCheckMinutes ?? null) as RealityCheckMinutes | null,
      spentLast30Days: centsToDollars(spending.find((w) => w.window === '30d')!.usedCents),
      canPurchase: !excluded && !out,
    };
  }
}
