import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type ActiveCaseResponse,
  type BuyPackBody,
  type CaseChecklistResponse,
  type CaseDetailResponse,
  type CaseSummary,
  centsToDollars,
  type FairnessResponse,
  type PullResponse,
  type RecentPull,
  SOLD_OUT_MESSAGE,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, cards, grailCases, pulls, users } from '../../db/schema/index.js';
import { AppError, conflict, notFound, unauthorized } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { batchTransaction, type BatchTransaction, type Statement } from '../../db/batch.js';
import {
  idempotencyLock,
  storedAnswer,
  type IdempotencyOptions,
  type IdempotentResult,
} from '../idempotency/idempotency.service.js';
import { isShortBalance, type WalletService } from '../wallet/wallet.service.js';
import type { BuybackTerms } from '../pulls/pull.view.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { ContentsEntry, SeedVault } from './fairness.js';
import {
  answerOf,
  candidatesFor,
  drawStatement,
  fastPathCheckStatement,
  isFullPathNeeded,
  isNotDrawn,
  lockStatement,
  RemainingPositions,
  seeStatement,
  type SeenPack,
  type Candidates,
  type Drawn,
  type LiveCase,
  type PackReceipt,
} from './pack-purchase.js';
import { displayGrade, iso, tierOf, toGrailCard, tiersToDollars } from './grail.view.js';
import { PurchaseGroups } from './purchase-groups.js';
import type { PullNotice } from './grail.events.js';

type CaseRow = typeof grailCases.$inferSelect;
type CardRow = typeof cards.$inferSelect;

const TOP_GRAILS = 8;
const PUBLIC_STATUSES = ['scheduled', 'active', 'sold_out', 'closed'] as const;

/** 'scheduled' becomes 'active' by itself once its activation time has passed. */
export function effectiveStatus(c: CaseRow, now = new Date()): CaseRow['status'] {
  if (c.status === 'scheduled' && (!c.activationTime || c.activationTime <= now)) return 'active';
  return c.status;
}

export const caseNotFound = () => notFound('No Grail case with this id.');

/**
 * A stored time as ISO text, or null when the driver could not read it (it misreads years below
 * 100 as an invalid date): one such row must not turn a whole case list into a 500.
 */
const readableIso = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

/** The Grail Machine for collectors: the live case, its odds and history, and buying a pack. */
export class GrailService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly vault: SeedVault,
    private readonly buyback: BuybackTerms,
    private readonly limits: LimitsService,
    /** Pulls with an FMV above this many cents are announced on Discord; null announces none. */
    private readonly announceAboveCents: () => number | null = () => null,
    /** LISTENs to every instance's pull notices (GRAIL_EVENTS_CHANNEL). */
    private readonly listenForPulls?: (onNotice: (payload: string) => void) => Promise<unknown>,
  ) {}

  // ---- Reading ----

  private async remainingCards(caseId: string, tx: Db | Tx = this.db): Promise<CardRow[]> {
    return (
      await tx
        .select({ card: cards })
        .from(caseCards)
        .innerJoin(cards, eq(cards.id, caseCards.cardId))
        .where(and(eq(caseCards.caseId, caseId), eq(caseCards.pulled, false)))
        .orderBy(desc(cards.fmvCents), asc(caseCards.position))
    ).map((r) => r.card);
  }

  private summarize(c: CaseRow, remaining: CardRow[]): ActiveCaseResponse {
    const fmvs = remaining.map((card) => card.fmvCents);
    const total = fmvs.reduce((a, b) => a + b, 0);
    return {
      caseId: c.id,
      packPrice: centsToDollars(c.packPriceCents),
      activationTime: readableIso(c.activationTime),
      name: c.name,
      description: c.description,
      status: effectiveStatus(c),
      totalItems: c.status === 'draft' ? remaining.length : c.totalItems,
      remaining: remaining.length,
      floorValue: fmvs.length ? centsToDollars(Math.min(...fmvs)) : 0,
      expectedValue: fmvs.length ? centsToDollars(Math.round(total / fmvs.length)) : 0,
      tiers: c.tiers.map((tier) => {
        const inTier = remaining.filter((card) => tierOf(c.tiers, card.fmvCents) === tier).length;
        return {
          ...tiersToDollars([tier])[0]!,
          remaining: inTier,
          probability: remaining.length ? inTier / remaining.length : 0,
        };
      }),
      serverSeedHash: c.serverSeedHash,
      contentsHash: c.contentsHash,
      buybackPercent: this.buyback.percent,
      buybackWindowHours: this.buyback.windowHours,
    };
  }

  private async publicCase(caseId: string): Promise<CaseRow> {
    const [c] = await this.db
      .select()
      .from(grailCases)
      .where(and(eq(grailCases.id, caseId), ne(grailCases.status, 'draft')));
    if (!c) throw caseNotFound();
    return c;
  }

  /** The live or scheduled case; none is a 404, which the home page reads as "inactive". */
  async activeCase(): Promise<ActiveCaseResponse> {
    const [c] = await this.db
      .select()
      .from(grailCases)
      .where(inArray(grailCases.status, ['scheduled', 'active']))
      .limit(1);
    if (!c) throw notFound('No Grail case is live right now.');
    return this.summarize(c, await this.remainingCards(c.id));
  }

  async caseDetail(caseId: string): Promise<CaseDetailResponse> {
    const c = await this.publicCase(caseId);
    const remaining = await this.remainingCards(c.id);
    const summary = this.summarize(c, remaining);
    return {
      ...summary,
      liveAt: iso(c.liveAt),
      closedAt: iso(c.closedAt),
      remainingByTier: summary.tiers.map((odds) => ({
        ...odds,
        cards: remaining
          .filter((card) => tierOf(c.tiers, card.fmvCents)?.name === odds.name)
          .map((card) => toGrailCard(card, c.tiers)),
      })),
      topGrails: remaining.slice(0, TOP_GRAILS).map((card) => toGrailCard(card, c.tiers)),
    };
  }

  /**
   * The whole case as a checklist: every card it was filled with, by tier, the pulled ones marked,
   * with each tier's odds over the cards still in it.
   */
  async caseChecklist(caseId: string): Promise<CaseChecklistResponse> {
    const c = await this.publicCase(caseId);
    const rows = await this.db
      .select({ card: cards, pulled: caseCards.pulled })
      .from(caseCards)
      .innerJoin(cards, eq(cards.id, caseCards.cardId))
      .where(eq(caseCards.caseId, c.id))
      .orderBy(desc(cards.fmvCents), asc(caseCards.position));
    const summary = this.summarize(
      c,
      rows.filter((r) => !r.pulled).map((r) => r.card),
    );
    return {
      caseId: c.id,
      totalItems: summary.totalItems,
      remaining: summary.remaining,
      tiers: summary.tiers.map((odds) => {
        const inTier = rows.filter((r) => tierOf(c.tiers, r.card.fmvCents)?.name === odds.name);
        return {
          ...odds,
          total: inTier.length,
          cards: inTier.map((r) => ({ ...toGrailCard(r.card, c.tiers), pulled: r.pulled })),
        };
      }),
    };
  }

  /** Every case collectors have seen, newest first (the fairness page lists them). */
  async listCases(): Promise<CaseSummary[]> {
    const rows = await this.db
      .select()
      .from(grailCases)
      .where(inArray(grailCases.status, [...PUBLIC_STATUSES]))
      .orderBy(desc(grailCases.liveAt))
      .limit(50);
    return rows.map((c) => toCaseSummary(c));
  }

  async recentPulls(limit: number, pullId?: string): Promise<RecentPull[]> {
    const rows = await this.db
      .select({ pull: pulls, card: cards, username: users.username, anon: users.pullsAnonymous })
      .from(pulls)
      .innerJoin(cards, eq(cards.id, pulls.cardId))
      .innerJoin(users, eq(users.id, pulls.userId))
      .where(pullId ? eq(pulls.id, pullId) : undefined)
      .orderBy(desc(pulls.pulledAt), desc(pulls.k))
      .limit(limit);
    return rows.map((r) =>
      toRecentPull(r.pull.id, r.card, r.pull.fmvCents, r.pull.pulledAt, r.anon ? null : r.username),
    );
  }

  async fairness(caseId: string): Promise<FairnessResponse> {
    const c = await this.publicCase(caseId);
    const contents = await contentsOf(c.id, this.db);
    const history = await this.db
      .select()
      .from(pulls)
      .where(eq(pulls.caseId, c.id))
      .orderBy(asc(pulls.k));
    const revealed = c.status === 'sold_out' || c.status === 'closed';
    return {
      caseId: c.id,
      name: c.name,
      status: effectiveStatus(c),
      serverSeedHash: c.serverSeedHash ?? '',
      contentsHash: c.contentsHash ?? '',
      // Read from the cards: the database keeps a committed card's FMV, grader, grade and cert
      // number as they were at go-live (migration 0007), so these recompute the contents hash.
      contents,
      pulls: history.map((p) => ({
        k: p.k,
        clientSeed: p.clientSeed,
        remainingBefore: p.remainingBefore,
        index: p.drawIndex,
        position: p.position,
        cardId: p.cardId,
        pulledAt: p.pulledAt.toISOString(),
      })),
      serverSeed:
        revealed && c.serverSeedEnc ? this.vault.open(c.serverSeedEnc).toString('hex') : null,
    };
  }

  // ---- Buying a pack ----

  /**
   * One pack, one transaction, in two round trips (db/batch.ts), so that the case row, which every
   * buyer of the case shares, is held only while the server runs one statement and the COMMIT:
   *
   * 1. Under the Idempotency-Key's lock, read the key's stored answer, the case, the wallet and
   *    the buyer's session and client seed without locking them: an ended session (the request
   *    may have found it in this instance's memory), a repeat, a closed, sold-out or unopened
   *    case and a short balance answer before anything is written.
   * 2. Debit the wallet (the buyer's own row), lock the case row, and in one statement take pull
   *    number k, mark its card pulled, record the pull and the key's answer and queue the NOTIFY
   *    (delivered on commit); the COMMIT goes with them.
   *
   * The server seed never leaves this process, so the draw is computed here before k is known:
   * for the next few pull numbers after those step 1 saw (the candidates), with this buyer's
   * client seed (pack-purchase.ts). The statement uses the one for the k it takes. When k has
   * moved past them (more buyers got the lock first than there were candidates), no pull row can
   * be written, the statement fails, the transaction rolls back with the debit, and the purchase
   * starts again with more candidates. Any other failure also writes nothing.
   *
   * A few purchases of a case run at once in this process (the gate); the rest wait before step 1.
   */
  async buyPack(
    user: SessionUser,
    caseId: string,
    body: BuyPackBody,
    idempotencyKey: string,
    /** The buyer's session, checked again inside the purchase's transaction. */
    sessionId: string,
  ): Promise<IdempotentResult<PullResponse>> {
    const order: PackOrder = {
      user,
      sessionId,
      caseId,
      chosenSeed: body.clientSeed,
      key: { userId: user.id, scope: `grail-pack:${caseId}`, key: idempotencyKey },
    };
    const quick = await this.groupsOf(caseId).submit(order);
    if (quick) return quick;
    let window = this.window.size();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gateOf(caseId).run(() => this.tryBuyPack(order, window));
      } catch (err) {
        if (isShortBalance(err)) {
          // A parallel purchase of this buyer's spent the balance after step 1 read it.
          const [c] = await this.db.select().from(grailCases).where(eq(grailCases.id, caseId));
          throw this.wallet.shortfall(c!.packPriceCents, await this.wallet.balance(user.id));
        }
        if (!isNotDrawn(err)) throw err;
        // No pull: the case closed or sold out meanwhile (409), or k moved past the candidates.
        const [now] = await this.db.select().from(grailCases).where(eq(grailCases.id, caseId));
        if (!now || effectiveStatus(now) !== 'active') this.remaining.delete(caseId);
        assertOpen(now);
        if (attempt >= MAX_ATTEMPTS) {
          throw new AppError(
            503,
            'So many packs are being bought that this one could not be drawn. Try again.',
            'Service Unavailable',
          );
        }
        // A second miss in a row may be a stale copy of the remaining cards: load it afresh.
        if (attempt >= 2) this.remaining.delete(caseId);
        window = Math.min(MAX_CANDIDATES, window * 2);
      }
    }
  }

  /**
   * Purchases of one case that this process runs at once; the rest wait here, holding nothing.
   * A few are enough to keep the case row busy (it is held for one statement), and fewer
   * purchases between their first look and the lock means fewer candidates to compute, and
   * pool connections left for everyone else.
   */
  private readonly gates = new Map<string, Gate>();
  private gateOf(caseId: string): Gate {
    let gate = this.gates.get(caseId);
    if (!gate) {
      if (this.gates.size >= 8) {
        for (const [id, g] of this.gates) if (g.idle()) this.gates.delete(id);
      }
      gate = new Gate(PURCHASES_AT_ONCE);
      this.gates.set(caseId, gate);
    }
    return gate;
  }

  /** The live cases' remaining positions as this process last saw them. */
  private readonly remaining = new Map<string, RemainingPositions>();
  /** How many pull numbers a purchase draws for: about what recent purchases needed. */
  private readonly window = new CandidateWindow();

  private remainingOf(caseId: string): RemainingPositions {
    let copy = this.remaining.get(caseId);
    if (!copy) {
      if (this.remaining.size >= 8) this.remaining.clear();
      copy = new RemainingPositions();
      this.remaining.set(caseId, copy);
      this.hearing ??= this.listenForPulls?.((payload) => this.heardPull(payload)).catch(() => {
        this.hearing = undefined;
      });
    }
    return copy;
  }

  private hearing: Promise<unknown> | undefined;

  /**
   * A pull committed by any instance moves this process's copy on by one when it is the next pull
   * number, so purchases here keep drawing from a current copy while another instance sells too
   * (a missed or out-of-order notice only leaves the copy behind, which the next draw catches up).
   */
  private heardPull(payload: string) {
    let notice: Partial<PullNotice>;
    try {
      notice = JSON.parse(payload) as Partial<PullNotice>;
    } catch {
      return;
    }
    const copy = notice.caseId ? this.remaining.get(notice.caseId) : undefined;
    const { k, position } = notice;
    if (!copy || typeof k !== 'number' || typeof position !== 'number' || copy.k !== k - 1) return;
    if (!copy.apply(k - 1, k, [position])) this.remaining.delete(notice.caseId!);
  }

  private async tryBuyPack(
    order: PackOrder,
    window: number,
  ): Promise<IdempotentResult<PullResponse>> {
    const { user, sessionId, caseId, chosenSeed, key } = order;
    return batchTransaction(this.db, async (tx) => {
      // Step 1: one round trip, nothing written, no row lock taken.
      const remaining = this.remainingOf(caseId);
      const from = remaining.k;
      // The collector's lock and limits read come before the look, so it sees their latest debit.
      const [, , limitsRead, [seen]] = (await tx.run([
        idempotencyLock(key),
        ...this.limits.purchaseStatements(user.id),
        seeStatement(key, caseId, remaining, sessionId),
      ])) as [unknown, unknown, Record<string, unknown>[], (SeenPack | undefined)[]];
      if (!seen) throw caseNotFound();
      // Signed out or revoked since this instance last read the session: nothing is written.
      if (seen.buyer_client_seed === null) throw unauthorized();
      // The buyer's seed as it is now, not as the session in memory last saw it.
      const clientSeed = chosenSeed ?? seen.buyer_client_seed;
      if (seen.stored_hash) {
        const stored = { request_hash: seen.stored_hash, response: seen.stored_response };
        return {
          body: answerOf(storedAnswer(stored, purchaseKeyOf(order, clientSeed))),
          replayed: true,
        };
      }
      try {
        assertReadOpen(seen);
      } catch (err) {
        // Not open: no purchase should try the one-round-trip path on what this process knew.
        this.remaining.delete(caseId);
        throw err;
      }
      const price = seen.pack_price_cents;
      this.limits.judgePurchase(limitsRead, price);
      const balance = seen.balance_cents ?? 0;
      if (balance < price) throw this.wallet.shortfall(price, balance);
      if (!remaining.apply(from, seen.pulls_count, seen.positions)) {
        this.remaining.delete(caseId);
        throw new Error(`case ${caseId}: the remaining cards did not match the pulls`);
      }
      remaining.live = this.liveOf(seen);
      // Step 2: the per-buyer writes, the case row's lock, the draw and the COMMIT.
      const [answer] = await this.drawAndCommit(
        tx,
        [this.planPurchase(order, clientSeed, remaining, window)],
        remaining,
      );
      return answer!;
    });
  }

  /**
   * Purchases in one round trip, for the usual case: this process knows the live case and its
   * remaining cards (from an earlier purchase, or one read: learnCase), and the session in memory
   * gives the client seed. The purchases of a case waiting here go in groups (PurchaseGroups), each group one
   * transaction: per buyer, in the order of their ids (so two groups never wait on each other),
   * the same locks as the full path, a check in the database that nothing calls for the full path
   * (fastPathCheckStatement) and the debit; then the case row's lock and every buyer's draw in
   * turn, and the COMMIT. Each purchase is still all or nothing: when anything in the group fails,
   * the transaction rolls back having written nothing and each purchase of the group tries again
   * alone; one that fails alone is answered null, for the full path to decide from what the
   * database says, with its own messages.
   */
  private async buyGroup(
    caseId: string,
    orders: PackOrder[],
  ): Promise<(IdempotentResult<PullResponse> | null)[]> {
    const none = orders.map(() => null);
    if (!this.remaining.get(caseId)?.live) await this.learnCase(caseId);
    const remaining = this.remaining.get(caseId);
    const live = remaining?.live;
    if (!remaining || !live || remaining.k < 0 || remaining.k >= live.totalItems) return none;
    // No more purchases than cards left as far as this process knows: the others learn on the
    // full path whether the case sold out.
    const buying = orders
      .slice(0, live.totalItems - remaining.k)
      .sort((a, b) => (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0));
    const window = this.window.size();
    const plans = buying.map((order, i) => {
      const clientSeed = order.chosenSeed ?? order.user.clientSeed;
      const play = this.limits.unrestrictedPurchase(order.user.id);
      const checks = [
        idempotencyLock(order.key),
        play.lock,
        fastPathCheckStatement(
          play.condition,
          order.key,
          caseId,
          live,
          order.sessionId,
          order.chosenSeed === undefined ? clientSeed : null,
        ),
      ];
      // The i-th draw of the group takes a pull number at least i after the copy's.
      return this.planPurchase(order, clientSeed, remaining, window + i, checks);
    });
    try {
      const answers = await batchTransaction(this.db, (tx) =>
        this.drawAndCommit(tx, plans, remaining),
      );
      return orders.map((order) => answers[buying.indexOf(order)] ?? null);
    } catch (err) {
      // One purchase of the group called for another answer: each tries again alone, so that
      // only that one takes the full path.
      if (orders.length > 1) {
        return Promise.all(
          orders.map((order) =>
            this.buyGroup(caseId, [order]).then(
              ([answer]) => answer ?? null,
              () => null,
            ),
          ),
        );
      }
      if (isFullPathNeeded(err) || isNotDrawn(err) || isShortBalance(err)) return none;
      throw err;
    }
  }

  /**
   * What the one-round-trip path needs of a case this process has not sold from yet, read in one
   * statement (so the cards left match the count): its fixed facts, if it is open, and the
   * positions not yet pulled. Without it, a case's first purchases would all take the full path.
   */
  private learnCase(caseId: string): Promise<void> {
    let learning = this.learning.get(caseId);
    if (!learning) {
      learning = this.readLiveCase(caseId).finally(() => this.learning.delete(caseId));
      this.learning.set(caseId, learning);
    }
    return learning;
  }

  private readonly learning = new Map<string, Promise<void>>();

  private async readLiveCase(caseId: string) {
    const read = (await this.db.execute(
      sql`select c.name, c.status, c.pack_price_cents, c.activation_time, c.total_items,
            c.pulls_count, c.tiers, c.server_seed_enc,
            (select coalesce(array_agg(position order by position), '{}') from case_cards
              where case_id = c.id and not pulled) as positions
          from grail_cases c where c.id = ${caseId}`,
    )) as unknown as { rows: (CaseRead & { positions: number[] })[] };
    const c = read.rows[0];
    if (!c?.server_seed_enc) return;
    try {
      assertReadOpen(c);
    } catch {
      return;
    }
    const remaining = this.remainingOf(caseId);
    remaining.apply(-1, c.pulls_count, c.positions);
    remaining.live ??= this.liveOf(c);
  }

  /** What the one-round-trip path keeps of an open case, from a purchase statement's read. */
  private liveOf(c: CaseRead): LiveCase {
    return {
      name: c.name,
      priceCents: c.pack_price_cents,
      totalItems: c.total_items,
      tiers: c.tiers,
      serverSeed: this.seedOf(c.server_seed_enc!),
    };
  }

  /** The groups of one-round-trip purchases of each live case (see buyGroup). */
  private readonly groups = new Map<
    string,
    PurchaseGroups<PackOrder, IdempotentResult<PullResponse>>
  >();
  private groupsOf(caseId: string) {
    let groups = this.groups.get(caseId);
    if (!groups) {
      if (this.groups.size >= 8) {
        for (const [id, g] of this.groups) if (g.idle()) this.groups.delete(id);
      }
      groups = new PurchaseGroups(
        (orders) => this.buyGroup(caseId, orders),
        (order) => order.user.id,
        GROUP_SIZE,
      );
      this.groups.set(caseId, groups);
    }
    return groups;
  }

  /**
   * One purchase's part of a purchase transaction: `before` (nothing, or a group's locks and
   * check for it), its debit and its draw, computed for the next `count` pull numbers.
   */
  private planPurchase(
    order: PackOrder,
    clientSeed: string,
    remaining: RemainingPositions,
    count: number,
    before: Statement[] = [],
  ): PlannedPurchase {
    const { user, caseId } = order;
    const live = remaining.live!;
    const candidates = this.drawCandidates(
      live.serverSeed,
      clientSeed,
      remaining,
      count,
      live.totalItems,
    );
    const pullId = randomUUID();
    // Everything the answer is made of that is known before the draw; the statement adds the
    // draw and stores the whole as the key's answer, so a repeat rebuilds the same answer.
    const receipt: Omit<PackReceipt, 'drawn'> = {
      pullId,
      caseId,
      userId: user.id,
      clientSeed,
      priceCents: live.priceCents,
      caseName: live.name,
      totalItems: live.totalItems,
      tiers: live.tiers,
      buyback: this.buyback,
    };
    return {
      candidates,
      receipt,
      before: [
        ...before,
        this.wallet.debitStatement(user.id, live.priceCents, {
          kind: 'pack',
          refType: 'pull',
          refId: pullId,
          description: `Grail pack: ${live.name}`,
        }),
      ],
      draw: drawStatement(
        receipt,
        purchaseKeyOf(order, clientSeed),
        candidates,
        this.announceAboveCents(),
      ),
    };
  }

  /**
   * The writes of one or more purchases of a case in one round trip with the COMMIT: each one's
   * statements before the lock (its debit, and for a group its locks and check); then the case
   * row's lock, in a statement of its own so that the draw statements start (and take their
   * snapshots) once the previous holder has committed, and see that holder's pulls; then each
   * draw in turn, each seeing the ones before it.
   */
  private async drawAndCommit(
    tx: BatchTransaction,
    plans: PlannedPurchase[],
    remaining: RemainingPositions,
  ): Promise<IdempotentResult<PullResponse>[]> {
    const caseId = plans[0]!.receipt.caseId;
    const statements: Statement[] = plans.flatMap((p) => p.before);
    statements.push(lockStatement(caseId));
    const firstDraw = statements.length;
    statements.push(...plans.map((p) => p.draw));
    const results = await tx.run(statements, { commit: true });
    return plans.map(({ receipt, candidates }, i) => {
      const drawn = results[firstDraw + i]![0] as unknown as Drawn;
      // What the statement stored as the key's answer: the receipt sent with it and the draw.
      const answer: PackReceipt = { ...receipt, drawn: drawn.drawn };
      // The room this draw needed beyond its place in the group (other instances' pulls).
      this.window.record(answer.drawn.k - candidates.base - i);
      // The pulls up to this one are committed: the next purchase starts from them.
      if (!remaining.apply(candidates.base, answer.drawn.k, drawn.pulled_since)) {
        this.remaining.delete(caseId);
      }
      return { body: answerOf(answer), replayed: false };
    });
  }

  /** The draws for the next `count` pull numbers (see candidatesFor). */
  drawCandidates(
    serverSeed: Buffer,
    clientSeed: string,
    remaining: RemainingPositions,
    count: number,
    totalItems: number,
  ): Candidates {
    return candidatesFor(serverSeed, clientSeed, remaining, count, totalItems);
  }

  /** Sealed seeds opened once per process (a re-sealed seed is a new entry). */
  private readonly seeds = new Map<string, Buffer>();
  private seedOf(sealed: string): Buffer {
    let seed = this.seeds.get(sealed);
    if (!seed) {
      if (this.seeds.size >= 16) this.seeds.clear();
      seed = this.vault.open(sealed);
      this.seeds.set(sealed, seed);
    }
    return seed;
  }
}

/** One pack purchase as asked: the buyer, their session, the case and the Idempotency-Key. */
interface PackOrder {
  user: SessionUser;
  /** Checked again inside the purchase's transaction. */
  sessionId: string;
  caseId: string;
  /** The client seed sent with the purchase, if any (else the buyer's own). */
  chosenSeed: string | undefined;
  key: Omit<IdempotencyOptions, 'request'>;
}

/** The key with what it guards: a repeat must ask for the same case with the same client seed. */
const purchaseKeyOf = (order: PackOrder, clientSeed: string): IdempotencyOptions => ({
  ...order.key,
  request: { caseId: order.caseId, clientSeed },
});

/** Purchases of one case run at once by one process on the full path (see gateOf). */
const PURCHASES_AT_ONCE = 4;
/** The most purchases in one group (see buyGroup; 8, 16, 24 and 32 measured in decision 018). */
const GROUP_SIZE = 16;

/** A case as the purchase statements read it (seePack, readLiveCase). */
type CaseRead = Pick<
  SeenPack,
  | 'name'
  | 'status'
  | 'pack_price_cents'
  | 'total_items'
  | 'pulls_count'
  | 'tiers'
  | 'server_seed_enc'
> & { activation_time: string | Date | null };

/** assertOpen for a case as a purchase statement read it. */
function assertReadOpen(c: CaseRead) {
  assertOpen({
    status: c.status,
    pullsCount: c.pulls_count,
    totalItems: c.total_items,
    activationTime: c.activation_time === null ? null : new Date(c.activation_time),
  });
}

/** A purchase's statements and what its answer is made from (see planPurchase). */
interface PlannedPurchase {
  candidates: Candidates;
  receipt: Omit<PackReceipt, 'drawn'>;
  before: Statement[];
  draw: Statement;
}

/** At most `limit` callers at a time; the others wait their turn, first come first served. */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  idle() {
    return this.running === 0 && this.waiting.length === 0;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** A purchase whose pull number keeps moving past its candidates gives up after this many tries. */
const MAX_ATTEMPTS = 6;
const MIN_CANDIDATES = 4;
const MAX_CANDIDATES = 256;

/**
 * How many pull numbers to draw for: half again the most the last 64 purchases needed, so that a
 * purchase seldom has to start again and few draws are computed for nothing.
 */
class CandidateWindow {
  private readonly recent = new Array<number>(64).fill(MIN_CANDIDATES);
  private next = 0;
  private most = MIN_CANDIDATES;

  record(needed: number) {
    this.recent[this.next] = needed;
    this.next = (this.next + 1) % this.recent.length;
    this.most = Math.max(...this.recent);
  }

  size() {
    return Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, Math.ceil(this.most * 1.5)));
  }
}

/**
 * A case's committed contents in position order: what the contents hash is computed over at
 * go-live, and what the fairness page lists so anyone can recompute it.
 */
export async function contentsOf(caseId: string, db: Db | Tx): Promise<ContentsEntry[]> {
  const rows = await db
    .select({
      position: caseCards.position,
      cardId: caseCards.cardId,
      grader: cards.grader,
      grade: cards.grade,
      certNumber: cards.certNumber,
      fmvCents: cards.fmvCents,
    })
    .from(caseCards)
    .innerJoin(cards, eq(cards.id, caseCards.cardId))
    .where(eq(caseCards.caseId, caseId))
    .orderBy(asc(caseCards.position));
  return rows.map((e) => ({ ...e, position: e.position ?? 0 }));
}

/** 404 for no such (or draft) case; 409 for closed, sold out or not yet open. */
function assertOpen<
  C extends Pick<CaseRow, 'status' | 'pullsCount' | 'totalItems' | 'activationTime'>,
>(c: C | undefined, now = new Date()): asserts c is C {
  if (!c || c.status === 'draft') throw caseNotFound();
  if (c.status === 'closed') throw conflict('This case is closed.');
  if (c.status === 'sold_out' || c.pullsCount >= c.totalItems) throw conflict(SOLD_OUT_MESSAGE);
  if (c.activationTime && c.activationTime > now) {
    throw conflict(`This case opens at ${c.activationTime.toISOString()}.`, {
      activationTime: c.activationTime.toISOString(),
    });
  }
}

export function toCaseSummary(c: CaseRow): CaseSummary {
  return {
    caseId: c.id,
    name: c.name,
    status: effectiveStatus(c),
    packPrice: centsToDollars(c.packPriceCents),
    activationTime: readableIso(c.activationTime),
    totalItems: c.totalItems,
    remaining: c.totalItems - c.pullsCount,
    liveAt: readableIso(c.liveAt),
    closedAt: readableIso(c.closedAt),
  };
}

function toRecentPull(
  id: string,
  card: CardRow,
  fmvCents: number,
  pulledAt: Date,
  username: string | null,
): RecentPull {
  const view = toGrailCard({ ...card, fmvCents });
  return {
    _id: id,
    name: view.name,
    grade: displayGrade(card),
    images: view.images,
    imageUrl: view.imageUrl,
    fmv: view.fmv,
    pulledAt: pulledAt.toISOString(),
    pulledBy: username ?? 'Anonymous',
  };
}
