import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PullResponse } from '@grail/contract';
import type { Db } from '../../../db/client.js';
import { batchTransaction, type BatchTransaction, type Statement } from '../../../db/batch.js';
import { rawStatement, SAMPLE_UUID } from '../../../db/statements.js';
import { AppError, unauthorized } from '../../../errors.js';
import {
  idempotencyLock,
  storedAnswer,
  type IdempotentResult,
} from '../../idempotency/idempotency.service.js';
import type { LimitsService } from '../../limits/limits.service.js';
import type { BuybackTerms } from '../pull.view.js';
import { debitStatement, isShortBalance, type WalletService } from '../../wallet/wallet.service.js';
import { assertOpen, caseNotFound, caseOpenness, type OpennessRead } from '../grail.rules.js';
import { CandidateWindow, candidatesFor, MAX_CANDIDATES, type Candidates } from './candidates.js';
import type { CaseCopies } from './case-copies.js';
import { drawStatement, isNotDrawn, lockStatement } from './draw-statement.js';
import { fastPathCheckStatement, isFullPathNeeded } from './fast-path-check.js';
import { Gate, PerCase } from './gate.js';
import { PurchaseGroups } from './purchase-groups.js';
import {
  answerOf,
  purchaseKeyOf,
  severalPacksDebit,
  type Drawn,
  type PackOrder,
  type PackReceipt,
} from './receipt.js';
import type { RemainingPositions } from './remaining-positions.js';
import { seeStatement, type SeenPack } from './see-pack.js';
import { assertTurn, turnStatement, type TurnRead } from './turn.js';

/** A case's openness and price, read when a full-path attempt failed. */
const readCaseStatement = rawStatement(
  'grail.purchase_case',
  (caseId: string) =>
    sql`select ${sql.raw(caseOpenness('c'))} as openness, c.activation_time, c.pack_price_cents
      from grail_cases c where c.id = ${caseId}`,
  SAMPLE_UUID,
);

/** Purchases of one case run at once by one process on the full path (see `gates`). */
const PURCHASES_AT_ONCE = 4;
/** The most purchases in one group (see buyGroup; 8, 16, 24 and 32 measured in decision 018). */
const GROUP_SIZE = 16;
/** The most packs drawn in one group, when purchases of several packs are in it (decision 036). */
const GROUP_DRAWS = 80;
/**
 * The prepared statements' plans made once per connection: by default PostgreSQL plans each
 * afresh for its first five executions on a connection, which in a cold instance's first seconds
 * happens while the case row is held (decision 036).
 */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan';
/** A purchase whose pull number keeps moving past its candidates gives up after this many tries. */
const MAX_ATTEMPTS = 6;

type Answer = IdempotentResult<PullResponse>;

export interface PackPurchaseDeps {
  db: Db;
  wallet: WalletService;
  limits: LimitsService;
  buyback: BuybackTerms;
  copies: CaseCopies;
  /** Pulls with an FMV above this many cents are announced on Discord; null announces none. */
  announceAboveCents: () => number | null;
  /** Told the size of each group bought together (metrics). */
  onGroup?: (size: number) => void;
}

/**
 * Buying a pack: one transaction, all or nothing, under the Idempotency-Key's lock and the
 * collector's, with the case row held only for the draw statement and the COMMIT (decisions 011,
 * 017 and 018). The server seed never leaves this process, so the draw is computed here before
 * the pull number k is known, for the next few pull numbers (the candidates), and the statement
 * under the case row's lock uses the one for the k it takes.
 */
export class PackPurchases {
  /** How many pull numbers a purchase draws for: about what recent purchases needed. */
  private readonly window = new CandidateWindow();
  /** The groups of one-round-trip purchases of each live case (see buyGroup). */
  private readonly groups = new PerCase(
    (caseId) =>
      new PurchaseGroups<PackOrder, PackReceipt[]>(
        (orders) => {
          this.deps.onGroup?.(orders.length);
          return this.buyGroup(caseId, orders);
        },
        (order) => order.user.id,
        { orders: GROUP_SIZE, draws: GROUP_DRAWS, drawsOf: (order) => order.packs },
      ),
  );
  /**
   * Purchases of one case that this process runs at once on the full path; the rest wait,
   * holding nothing. A few keep the case row busy (it is held for one statement), and fewer
   * purchases between their first look and the lock means fewer candidates to compute.
   */
  private readonly gates = new PerCase(() => new Gate(PURCHASES_AT_ONCE));

  constructor(private readonly deps: PackPurchaseDeps) {}

  /** A pack purchase, step by step. */
  async buy(order: PackOrder): Promise<Answer> {
    // 1. Usually in one round trip, grouped with the purchases of this case waiting here.
    const quick = await this.buyQuick(order);
    if (quick) return { body: answerOf(quick[0]!), replayed: false };
    // 2. Otherwise the full path, which answers from what the database says; it starts again
    //    with more candidates when its pull number moved past the ones it computed.
    let window = this.window.size();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.gates.of(order.caseId).run(() => this.tryBuyPack(order, window));
      } catch (err) {
        await this.answerFailure(order, err, attempt);
        // A second miss in a row may be a stale copy of the remaining cards: load it afresh.
        if (attempt >= 2) this.deps.copies.forget(order.caseId);
        window = Math.min(MAX_CANDIDATES, window * 2);
      }
    }
  }

  /**
   * The purchase bought in one round trip with the purchases of its case waiting here (see
   * buyGroup): the receipt of each of its packs, in pull order, or null when the full path must
   * answer it (a single pack's below, several packs' in buy-several.ts).
   */
  buyQuick(order: PackOrder): Promise<PackReceipt[] | null> {
    return this.groups.of(order.caseId).submit(order);
  }

  /**
   * Why a full-path attempt failed, as the answer to the buyer (the throw), or nothing when it
   * drew no pull only because its pull number moved past its candidates: then it starts again.
   */
  private async answerFailure(order: PackOrder, err: unknown, attempt: number): Promise<void> {
    const { caseId, user } = order;
    if (isShortBalance(err)) {
      // A parallel purchase of this buyer's spent the balance after the first look read it.
      const c = await this.readCase(caseId);
      throw this.deps.wallet.shortfall(
        c!.pack_price_cents,
        await this.deps.wallet.balance(user.id),
      );
    }
    if (!isNotDrawn(err)) throw err;
    // No pull: the case closed or sold out meanwhile (409), or k moved past the candidates.
    const c = await this.readCase(caseId);
    if (c?.openness !== 'open') this.deps.copies.forget(caseId);
    assertOpen(c);
    if (attempt >= MAX_ATTEMPTS) {
      throw new AppError(
        503,
        'So many packs are being bought that this one could not be drawn. Try again.',
        'Service Unavailable',
      );
    }
  }

  private async readCase(caseId: string) {
    const read = (await this.deps.db.execute(readCaseStatement(caseId))) as unknown as {
      rows: (OpennessRead & { pack_price_cents: number })[];
    };
    return read.rows[0];
  }

  /**
   * The full path: one transaction in two round trips.
   * 1. Under the Idempotency-Key's and the collector's locks, read the key's stored answer, the
   *    case, the wallet, the collector's responsible-play state and the buyer's session and
   *    client seed without locking them: an ended session, a repeat, a case not open, a limit
   *    and a short balance answer before anything is written.
   * 2. The debit, the case row's lock, the draw and the COMMIT (drawAndCommit), with the notice
   *    of a spending limit the pack uses up.
   */
  private async tryBuyPack(order: PackOrder, window: number): Promise<Answer> {
    const { user, sessionId, caseId, chosenSeed, key } = order;
    const { copies, limits, wallet } = this.deps;
    return batchTransaction(this.deps.db, async (tx) => {
      const remaining = copies.of(caseId);
      const from = remaining.k;
      // The collector's lock and limits read come before the look, so it sees their latest debit.
      const [, , limitsRead, [seen], [turn]] = (await tx.run([
        idempotencyLock(key),
        ...limits.purchaseStatements(user.id),
        seeStatement(key, caseId, remaining, sessionId),
        turnStatement(caseId, user.id),
      ])) as [
        unknown,
        unknown,
        Record<string, unknown>[],
        (SeenPack | undefined)[],
        (TurnRead | undefined)[],
      ];
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
      if (seen.openness !== 'open') {
        // No purchase should try the one-round-trip path on what this process knew.
        copies.forget(caseId);
        assertOpen(seen);
      }
      assertTurn(turn, 1);
      const price = seen.pack_price_cents;
      limits.judgePurchase(limitsRead, price);
      const balance = seen.balance_cents ?? 0;
      if (balance < price) throw wallet.shortfall(price, balance);
      if (!remaining.apply(from, seen.pulls_count, seen.positions)) {
        copies.forget(caseId);
        throw new Error(`case ${caseId}: the remaining cards did not match the pulls`);
      }
      remaining.live = copies.liveOf(seen);
      // A spending limit this pack uses up is told in the same batch, one statement more.
      const reached = limits.reachedStatements(user.id, limitsRead, price);
      const plan = this.planPurchase(order, clientSeed, remaining, window, 0, reached);
      const [receipts] = await this.drawAndCommit(tx, [plan], remaining);
      return { body: answerOf(receipts![0]!), replayed: false };
    });
  }

  /**
   * Purchases in one round trip, for the usual case: this process knows the live case and its
   * remaining cards (from an earlier purchase, or one read: CaseCopies.learn), and the session in
   * memory gives the client seed. The purchases of a case waiting here go in groups
   * (PurchaseGroups), each group one transaction: per buyer, in the order of their ids (so two
   * groups never wait on each other), the same locks as the full path, a check in the database
   * that nothing calls for the full path (fastPathCheckStatement) and the debit (of every pack, for
   * a purchase of several); then the case row's lock and every pack's draw in turn, and the
   * COMMIT. Each purchase is still all or nothing: when anything in the group fails, the
   * transaction rolls back having written nothing and each purchase of the group tries again
   * alone; one that fails alone is answered null, for the full path to decide from what the
   * database says, with its own messages.
   */
  private async buyGroup(caseId: string, orders: PackOrder[]): Promise<(PackReceipt[] | null)[]> {
    const { copies, limits } = this.deps;
    const none = orders.map(() => null);
    if (!copies.get(caseId)?.live) await copies.learn(caseId);
    const remaining = copies.get(caseId);
    const live = remaining?.live;
    if (!remaining || !live || remaining.k < 0 || remaining.k >= live.totalItems) return none;
    // No more packs than cards left as far as this process knows: the others learn on the full
    // path whether the case has enough.
    let left = live.totalItems - remaining.k;
    const buying: PackOrder[] = [];
    for (const order of orders) {
      if (order.packs > left) continue;
      buying.push(order);
      left -= order.packs;
    }
    if (buying.length === 0) return none;
    buying.sort((a, b) => (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0));
    const window = this.window.size();
    let drawsBefore = 0;
    const plans = buying.map((order) => {
      const clientSeed = order.chosenSeed ?? order.user.clientSeed;
      const play = limits.unrestrictedPurchase(order.user.id);
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
          order.packs,
        ),
      ];
      const plan = this.planPurchase(order, clientSeed, remaining, window, drawsBefore, checks);
      drawsBefore += order.packs;
      return plan;
    });
    try {
      const receipts = await batchTransaction(this.deps.db, (tx) =>
        this.drawAndCommit(tx, plans, remaining),
      );
      return orders.map((order) => receipts[buying.indexOf(order)] ?? null);
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
   * One purchase's part of a purchase transaction: `before` (nothing, or a group's locks and
   * check for it), its debit (of every pack) and its draw statement. The transaction draws
   * `drawsBefore` packs before this purchase's, so its first pack takes a pull number at least
   * drawsBefore + 1 after the copy's, and its candidates cover the `count` pull numbers from there
   * (and the packs after the first, for a purchase of several).
   */
  private planPurchase(
    order: PackOrder,
    clientSeed: string,
    remaining: RemainingPositions,
    count: number,
    drawsBefore: number,
    before: Statement[] = [],
  ): PlannedPurchase {
    const { user, caseId, packs } = order;
    const live = remaining.live!;
    const candidates = this.drawCandidates(
      live.serverSeed,
      clientSeed,
      remaining,
      count + packs - 1,
      live.totalItems,
      drawsBefore + 1,
    );
    // Everything the answer is made of that is known before the draw; the statement adds the
    // draw and stores the whole as the key's answer, so a repeat rebuilds the same answer.
    const receipts = Array.from({ length: packs }, (): Omit<PackReceipt, 'drawn'> => ({
      pullId: randomUUID(),
      caseId,
      userId: user.id,
      clientSeed,
      priceCents: live.priceCents,
      caseName: live.name,
      totalItems: live.totalItems,
      tiers: live.tiers,
      buyback: this.deps.buyback,
    }));
    const pullIds = receipts.map((r) => r.pullId);
    const debit =
      packs > 1
        ? severalPacksDebit(pullIds, live.name)
        : {
            kind: 'pack' as const,
            refType: 'pull',
            refId: pullIds[0]!,
            description: `Grail pack: ${live.name}`,
          };
    return {
      candidates,
      receipts,
      drawsBefore,
      before: [...before, debitStatement(user.id, live.priceCents * packs, debit)],
      draw: drawStatement(
        receipts,
        purchaseKeyOf(order, clientSeed),
        candidates,
        this.deps.announceAboveCents(),
      ),
    };
  }

  /**
   * The writes of one or more purchases of a case in one round trip with the COMMIT: each one's
   * statements before the lock (its debit, and for a group its locks and check); then the case
   * row's lock, in a statement of its own so that the draw statements start (and take their
   * snapshots) once the previous holder has committed, and see that holder's pulls; then each
   * draw statement in turn, each seeing the ones before it. Answers each purchase's receipts.
   */
  private async drawAndCommit(
    tx: BatchTransaction,
    plans: PlannedPurchase[],
    remaining: RemainingPositions,
  ): Promise<PackReceipt[][]> {
    const caseId = plans[0]!.receipts[0]!.caseId;
    const statements: Statement[] = [GENERIC_PLANS, ...plans.flatMap((p) => p.before)];
    statements.push(lockStatement(caseId));
    const firstDraw = statements.length;
    statements.push(...plans.map((p) => p.draw));
    const results = await tx.run(statements, { commit: true });
    return plans.map(({ receipts, candidates, drawsBefore }, i) => {
      const rows = results[firstDraw + i] as unknown as Drawn[];
      // What the statement stored with the key: the receipts sent with it and the draws.
      const drawn = receipts.map((r, t) => ({ ...r, drawn: rows[t]!.drawn }));
      const last = rows[rows.length - 1]!;
      // The room this draw needed beyond its place in the transaction (other instances' pulls).
      this.window.record(drawn[0]!.drawn.k - candidates.base - drawsBefore);
      // The pulls up to this purchase's are committed: the next purchase starts from them.
      if (!remaining.apply(candidates.base, last.drawn.k, last.pulled_since)) {
        this.deps.copies.forget(caseId);
      }
      return drawn;
    });
  }

  /** The draws for the next pull numbers (see candidatesFor); a method so a test can race it. */
  drawCandidates(...draw: Parameters<typeof candidatesFor>): Candidates {
    return candidatesFor(...draw);
  }
}

/** A purchase's statements and what its answer is made from (see planPurchase). */
interface PlannedPurchase {
  candidates: Candidates;
  receipts: Omit<PackReceipt, 'drawn'>[];
  /** Packs the transaction draws before this purchase's. */
  drawsBefore: number;
  before: Statement[];
  draw: Statement;
}
