import { sqlText } from '../../db/batch.js';
import { prepared, rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { and, gt, lte, or } from 'drizzle-orm';
import type { LimitWindow } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { playControls } from '../../db/schema/index.js';
import {
  selfExcluded,
  timedOut,
  WINDOW_MS,
  type Counted,
  type LimitKind,
  type StoredControls,
  type StoredLimit,
} from './limits.rules.js';

/*
 * The one statement that reads a collector's responsible-play state, in the two forms the
 * service and the one-round-trip pack purchase send, and the condition a purchase with nothing
 * to judge meets.
 */

/** Everything the rules need about one collector, read in one statement. */
export interface PlayState {
  controls: StoredControls | undefined;
  limits: (StoredLimit & { kind: LimitKind })[];
  spending: Counted[];
  deposits: Counted[];
}

/** What the state statement answers: times as epoch milliseconds. */
export interface RawState {
  controls: {
    timeOutUntil: number | null;
    selfExcludedUntil: number | null;
    selfExclusionEndsAt: number | null;
    realityCheckMinutes: number | null;
  } | null;
  limits: {
    kind: LimitKind;
    window: LimitWindow;
    amountCents: number | null;
    pendingAmountCents: number | null;
    pendingEffectiveAt: number | null;
  }[];
  spending: { amountCents: number; at: number }[];
  deposits: { amountCents: number; at: number }[];
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
export const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));
const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
/**
 * Ledger kinds a spending limit counts: packs, break spots, store orders, marketplace purchases
 * (Buy now and accepted offers) and the cash a collector pays in a trade (their debits).
 */
const SPENDING_KINDS = `('pack', 'break', 'order', 'market', 'trade')`;

/** The collector's lock: held until the transaction ends. */
export const lockText = rawStatement(
  'limits.lock',
  (userId: string) =>
    sqlText`select pg_advisory_xact_lock(hashtextextended(${`play:${userId}`}, 0))`,
  SAMPLE_UUID,
);

/** One collector's controls, limits and counted amounts (see stateText). */
export const stateOf = rawStatement(
  'limits.state',
  (userId: string, since: Date, counts: Counts) =>
    stateText(
      `${sqlText`${userId}`}::uuid`,
      `${sqlText`${since.toISOString()}`}::timestamptz`,
      counts,
    ),
  SAMPLE_UUID,
  new Date(0),
  { spending: true, deposits: true },
);

/** SQL: `user` has a stored limit of `kind` (in force or pending), the one test both reads use. */
const hasLimit = (user: string, kind: LimitKind) =>
  `exists (select 1 from play_limits where user_id = ${user} and kind = '${kind}')`;

/**
 * SQL: nothing of `user`'s could stop or cap a purchase, so `judge` would pass it: no spending
 * limit (the only thing a judgement counts amounts for, see stateText), and no time-out or
 * self-exclusion on record, even a past one.
 */
export function unrestrictedCondition(user: string): string {
  return `not ${hasLimit(user, 'spending')}
    and not exists (select 1 from play_controls where user_id = ${user} and (time_out_until is not null
      or self_excluded_at is not null or self_excluded_until is not null
      or self_exclusion_ends_at is not null))`;
}

/** What a state read counts beside the controls and limits. */
export interface Counts {
  spending: boolean;
  deposits: boolean;
  /**
   * Count a kind's amounts only when the collector has a limit of that kind: a judgement needs
   * them for nothing else, and most collectors set none (a buyer of many packs would otherwise
   * have every debit of 30 days read back on every purchase).
   */
  onlyUnderLimit?: boolean;
}

/** The limits count back as far as their longest window: the read asks for no more. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(WINDOW_MS));
export const sinceOf = (now: Date) => new Date(now.getTime() - LONGEST_WINDOW_MS);

/**
 * One statement reading the collector's controls, limits and, when asked, the amounts of the last
 * 30 days that the limits count (with no upper bound: a row stamped by a database clock a little
 * ahead of this process's still counts): ledger debits for packs, spots and orders, and the top-ups that
 * were started and not cancelled (a pending one is money the collector has asked to deposit).
 * `user` and `since` are SQL: literals, or a prepared statement's parameters.
 */
function stateText(user: string, since: string, counts: Counts): string {
  const counted = (kind: LimitKind, table: string, amount: string, where: string, on: boolean) => {
    if (!on) return `'[]'::json`;
    const rows = `(select coalesce(json_agg(json_build_object('amountCents', ${amount}, 'at', ${ms('created_at')})), '[]')
          from ${table} where user_id = ${user} and ${where}
          and created_at > ${since})`;
    return counts.onlyUnderLimit
      ? `case when ${hasLimit(user, kind)} then ${rows} else '[]'::json end`
      : rows;
  };
  return `select json_build_object(
    'controls', (select json_build_object(
        'timeOutUntil', ${ms('time_out_until')},
        'selfExcludedUntil', ${ms('self_excluded_until')},
        'selfExclusionEndsAt', ${ms('self_exclusion_ends_at')},
        'realityCheckMinutes', reality_check_minutes)
      from play_controls where user_id = ${user}),
    'limits', (select coalesce(json_agg(json_build_object(
        'kind', kind, 'window', limit_window, 'amountCents', amount_cents,
        'pendingAmountCents', pending_amount_cents,
        'pendingEffectiveAt', ${ms('pending_effective_at')})), '[]')
      from play_limits where user_id = ${user}),
    'spending', ${counted('spending', 'wallet_ledger', '-amount_cents', `kind in ${SPENDING_KINDS} and amount_cents < 0`, counts.spending)},
    'deposits', ${counted('deposit', 'top_ups', 'amount_cents', `status in ('pending', 'succeeded')`, counts.deposits)}
  ) as state`;
}

/** A pack purchase's read (its batch), planned once per connection. */
export const PURCHASE_STATE = prepared(
  'limits_purchase_state',
  stateText('$1::uuid', '$2::timestamptz', {
    spending: true,
    deposits: false,
    onlyUnderLimit: true,
  }),
);

export function toState(raw: RawState): PlayState {
  return {
    controls: raw.controls
      ? {
          timeOutUntil: dateOf(raw.controls.timeOutUntil),
          selfExcludedUntil: dateOf(raw.controls.selfExcludedUntil),
          selfExclusionEndsAt: dateOf(raw.controls.selfExclusionEndsAt),
          realityCheckMinutes: raw.controls.realityCheckMinutes,
        }
      : undefined,
    limits: raw.limits.map((l) => ({
      kind: l.kind,
      window: l.window,
      amountCents: l.amountCents,
      pendingAmountCents: l.pendingAmountCents,
      pendingEffectiveAt: dateOf(l.pendingEffectiveAt),
    })),
    spending: raw.spending.map((c) => ({ amountCents: c.amountCents, at: new Date(c.at) })),
    deposits: raw.deposits.map((c) => ({ amountCents: c.amountCents, at: new Date(c.at) })),
  };
}

export type Pause = 'time_out' | 'self_exclusion';

export interface PauseEnded {
  userId: string;
  pause: Pause;
  endedAt: Date;
}

/**
 * The time-outs and self-exclusions that ended after `from` and by `to`, for the reminders worker
 * to tell (docs/notifications.md). One that ends while the
 * other still runs is not told: purchases stay stopped, and the other's end is told instead.
 */
export async function pausesEnded(db: Db, from: Date, to: Date): Promise<PauseEnded[]> {
  const c = playControls;
  const rows = await db
    .select()
    .from(c)
    .where(
      or(
        and(gt(c.timeOutUntil, from), lte(c.timeOutUntil, to)),
        and(gt(c.selfExclusionEndsAt, from), lte(c.selfExclusionEndsAt, to)),
      ),
    );
  const within = (d: Date | null): d is Date => d !== null && d > from && d <= to;
  return rows.flatMap((row) => {
    const ended: PauseEnded[] = [];
    const { userId, timeOutUntil, selfExclusionEndsAt } = row;
    if (within(timeOutUntil) && !selfExcluded(row, timeOutUntil))
      ended.push({ userId, pause: 'time_out', endedAt: timeOutUntil });
    if (within(selfExclusionEndsAt) && !timedOut(row, selfExclusionEndsAt))
      ended.push({ userId, pause: 'self_exclusion', endedAt: selfExclusionEndsAt });
    return ended;
  });
}
