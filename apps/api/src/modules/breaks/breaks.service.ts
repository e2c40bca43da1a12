import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BREAK_ASSIGNMENT_MS,
  BREAK_STEP_MS,
  centsToDollars,
  HOUSE_HOLDER,
  SHIPPING_PROMISE_HOURS,
  type AdminBreak,
  type BreakDetail,
  type BreakFairnessResponse,
  type BreakHit,
  type BreaksQuery,
  type BreakSpotsEvent,
  type BreakSummary,
  type BuySpotsBody,
  type BuySpotsResponse,
  type ClaimHitsBody,
  type ClaimHitsResponse,
  type MyBreak,
  type MyHit,
  type MySpot,
  type SellBackHitResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  breakClaims,
  breakHits,
  breaks,
  breakSpotSales,
  breakSpots,
  shipments,
  users,
} from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { type BreakSeedVault, drawTeams } from './breaks.fairness.js';
import { BREAK_EVENTS_CHANNEL, type BreakNotice, type RevealItem } from './breaks.events.js';
import {
  type BreakRow,
  holderName,
  type HitRow,
  iso,
  toBreakHit,
  toBreakSummary,
} from './breaks.view.js';

export const breakNotFound = () => notFound('No break with this id.');
const SOLD_OUT = 'This break is sold out.';
const LIST_LIMIT = 200;

/** Statuses in which the seed is revealed: the teams are drawn, or the break will never run. */
const REVEALED = new Set<BreakRow['status']>(['live', 'completed', 'cancelled']);

type Owner = { username: string; anonymous: boolean };

/** Queues a live event; PostgreSQL delivers it to every instance when the transaction commits. */
export async function notifyBreak(notice: BreakNotice, tx: Db | Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${BREAK_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Breaks for collectors: the list and a break's page, buying spots, the owner's hits (claim in
 * one combined shipment, or sell back), and the refund of a break that did not fill. Every
 * command is one transaction.
 */
export class BreaksService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      shipping: ShippingService;
      vault: BreakSeedVault;
      limits: LimitsService;
      log?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
    },
  ) {}

  // ---- Reading ----

  private async pricesOf(ids: string[], tx: Db | Tx) {
    if (ids.length === 0) return new Map<string, { min: number; max: number }>();
    const rows = await tx
      .select({
        breakId: breakSpots.breakId,
        min: sql<number>`min(${breakSpots.priceCents})`,
        max: sql<number>`max(${breakSpots.priceCents})`,
      })
      .from(breakSpots)
      .where(inArray(breakSpots.breakId, ids))
      .groupBy(breakSpots.breakId);
    return new Map(rows.map((r) => [r.breakId, { min: r.min, max: r.max }]));
  }

  async summaries(rows: BreakRow[], tx: Db | Tx = this.db): Promise<BreakSummary[]> {
    const prices = await this.pricesOf(
      rows.map((r) => r.id),
      tx,
    );
    return rows.map((r) => toBreakSummary(r, prices.get(r.id)));
  }

  /** Every break collectors may see (drafts are staff-only), newest opening first. */
  async list(query: BreaksQuery = {}): Promise<BreakSummary[]> {
    await this.sweepDue();
    const rows = await this.db
      .select()
      .from(breaks)
      .where(
        and(
          ne(breaks.status, 'draft'),
          query.sport ? eq(breaks.sport, query.sport) : undefined,
          query.format ? eq(breaks.format, query.format) : undefined,
        ),
      )
      .orderBy(desc(breaks.scheduledAt))
      .limit(LIST_LIMIT);
    return this.summaries(rows);
  }

  private async visible(breakId: string, tx: Db | Tx = this.db): Promise<BreakRow> {
    const [b] = await tx
      .select()
      .from(breaks)
      .where(and(eq(breaks.id, breakId), ne(breaks.status, 'draft')));
    if (!b) throw breakNotFound();
    return b;
  }

  /** 404 unless collectors may see this break. */
  async assertVisible(breakId: string): Promise<void> {
    await this.visible(breakId);
  }

  /**
   * Everything a break's page shows, as staff see it (buyers named, refunds counted); the public
   * view leaves the staff-only fields out.
   */
  async assemble(b: BreakRow, viewerId: string | null, tx: Db | Tx = this.db): Promise<AdminBreak> {
    const [summary] = await this.summaries([b], tx);
    const spots = await tx
      .select()
      .from(breakSpots)
      .where(eq(breakSpots.breakId, b.id))
      .orderBy(asc(breakSpots.spotNumber));
    const sales = await tx
      .select({ sale: breakSpotSales, username: users.username, anon: users.pullsAnonymous })
      .from(breakSpotSales)
      .innerJoin(users, eq(users.id, breakSpotSales.userId))
      .where(eq(breakSpotSales.breakId, b.id));
    const saleBySpot = new Map(sales.map((s) => [s.sale.spotNumber, s]));
    const hits = await tx
      .select({ hit: breakHits, username: users.username, anon: users.pullsAnonymous })
      .from(breakHits)
      .leftJoin(users, eq(users.id, breakHits.userId))
      .where(eq(breakHits.breakId, b.id))
      .orderBy(asc(breakHits.hitNumber));
    return {
      ...summary!,
      description: b.description,
      teams: b.teams,
      unownedHitRule: b.unownedHitRule,
      spots: spots.map((s) => {
        const sale = saleBySpot.get(s.spotNumber);
        const held = sale && !sale.sale.refundedAt ? sale : undefined;
        return {
          spotNumber: s.spotNumber,
          team: s.team,
          price: centsToDollars(s.priceCents),
          sold: Boolean(held),
          holder: held ? holderName({ username: held.username, anonymous: held.anon }) : null,
          mine: Boolean(held && viewerId && held.sale.userId === viewerId),
          username: sale?.username ?? null,
          refunded: Boolean(sale?.sale.refundedAt),
        };
      }),
      hits: hits.map((h) => ({
        ...toBreakHit(
          h.hit,
          h.username === null ? null : { username: h.username, anonymous: Boolean(h.anon) },
          viewerId,
        ),
        status: h.hit.status,
        buybackPrice: h.hit.buybackCents === null ? null : centsToDollars(h.hit.buybackCents),
        username: h.username,
      })),
      fairness: {
        serverSeedHash: b.serverSeedHash,
        serverSeed:
          REVEALED.has(b.status) && b.serverSeedEnc
            ? this.deps.vault.open(b.serverSeedEnc).toString('hex')
            : null,
      },
      refunds: sales.filter((s) => s.sale.refundedAt).length,
    };
  }

  async detail(breakId: string, viewerId: string | null): Promise<BreakDetail> {
    await this.sweepDue(breakId);
    const full = await this.assemble(await this.visible(breakId), viewerId);
    const { refunds: _refunds, ...rest } = full;
    return {
      ...rest,
      spots: full.spots.map(({ username: _u, refunded: _r, ...spot }) => spot),
      hits: full.hits.map(
        ({ status: _s, buybackPrice: _b, username: _u, ...hit }): BreakHit => hit,
      ),
    };
  }

  async fairness(breakId: string): Promise<BreakFairnessResponse> {
    await this.sweepDue(breakId);
    const b = await this.visible(breakId);
    const sales = await this.db
      .select()
      .from(breakSpotSales)
      .where(eq(breakSpotSales.breakId, b.id))
      .orderBy(asc(breakSpotSales.k));
    const drawn = b.format === 'random_team' && b.startedAt !== null;
    const spots = drawn
      ? await this.db
          .select()
          .from(breakSpots)
          .where(eq(breakSpots.breakId, b.id))
          .orderBy(asc(breakSpots.spotNumber))
      : [];
    return {
      breakId: b.id,
      title: b.title,
      status: b.status,
      format: b.format,
      teams: b.teams,
      serverSeedHash: b.serverSeedHash,
      serverSeed:
        REVEALED.has(b.status) && b.serverSeedEnc
          ? this.deps.vault.open(b.serverSeedEnc).toString('hex')
          : null,
      purchases: sales.map((s) => ({ k: s.k, spotNumber: s.spotNumber, clientSeed: s.clientSeed })),
      publicInput: b.publicInput,
      assignments: spots.map((s) => ({ spotNumber: s.spotNumber, team: s.team ?? '' })),
    };
  }

  // ---- Live events ----

  async spotsEvent(breakId: string): Promise<BreakSpotsEvent | undefined> {
    const [b] = await this.db.select().from(breaks).where(eq(breaks.id, breakId));
    if (!b) return undefined;
    return { breakId, status: b.status, spotsSold: b.spotsSold, totalSpots: b.totalSpots };
  }

  async hitEvent(hitId: string): Promise<BreakHit | undefined> {
    const [row] = await this.db
      .select({ hit: breakHits, username: users.username, anon: users.pullsAnonymous })
      .from(breakHits)
      .leftJoin(users, eq(users.id, breakHits.userId))
      .where(eq(breakHits.id, hitId));
    if (!row) return undefined;
    return toBreakHit(
      row.hit,
      row.username === null ? null : { username: row.username, anonymous: Boolean(row.anon) },
      null,
    );
  }

  /**
   * The live reveal of a random-team break on its shared clock: step s of the shuffle at
   * startedAt + s × BREAK_STEP_MS, then spot a's team BREAK_ASSIGNMENT_MS apart. Empty for a
   * break whose teams were not drawn (or were chosen by their buyers).
   */
  async reveal(breakId: string): Promise<RevealItem[]> {
    const [b] = await this.db.select().from(breaks).where(eq(breaks.id, breakId));
    if (
      !b ||
      b.format !== 'random_team' ||
      !b.startedAt ||
      !b.serverSeedEnc ||
      b.publicInput === null
    )
      return [];
    const seed = this.deps.vault.open(b.serverSeedEnc);
    const order = [...b.teams];
    const { swaps } = drawTeams(seed, b.publicInput, b.teams);
    const start = b.startedAt.getTime();
    const items: RevealItem[] = swaps.map((swap) => {
      [order[swap.i], order[swap.j]] = [order[swap.j]!, order[swap.i]!];
      return {
        at: start + swap.step * BREAK_STEP_MS,
        event: 'step',
        data: { breakId, ...swap, steps: swaps.length, order: [...order] },
      };
    });
    const spots = await this.db
      .select({
        spotNumber: breakSpots.spotNumber,
        team: breakSpots.team,
        username: users.username,
        anon: users.pullsAnonymous,
      })
      .from(breakSpots)
      .leftJoin(
        breakSpotSales,
        and(
          eq(breakSpotSales.breakId, breakSpots.breakId),
          eq(breakSpotSales.spotNumber, breakSpots.spotNumber),
        ),
      )
      .leftJoin(users, eq(users.id, breakSpotSales.userId))
      .where(eq(breakSpots.breakId, breakId))
      .orderBy(asc(breakSpots.spotNumber));
    const afterSteps = start + swaps.length * BREAK_STEP_MS;
    spots.forEach((s, a) =>
      items.push({
        at: afterSteps + (a + 1) * BREAK_ASSIGNMENT_MS,
        event: 'assignment',
        data: {
          breakId,
          spotNumber: s.spotNumber,
          team: s.team ?? '',
          holder:
            holderName(
              s.username === null ? null : { username: s.username, anonymous: Boolean(s.anon) },
            ) ?? HOUSE_HOLDER,
        },
      }),
    );
    return items;
  }

  // ---- Buying spots ----

  /**
   * Buys spots in one transaction: check the break is on sale, debit the wallet, take purchase
   * numbers k with one conditional UPDATE of the break row (which never lets spots_sold pass
   * total_spots), record one sale per spot (UNIQUE per spot: never sold twice) and queue the live
   * event. Random team: the next free spots, numbered in purchase order; pick your team: the
   * chosen teams' spots. Any failure rolls all of it back; the same Idempotency-Key answers the
   * first result.
   */
  async buySpots(
    user: SessionUser,
    breakId: string,
    body: BuySpotsBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<BuySpotsResponse>> {
    const clientSeed = body.clientSeed ?? user.clientSeed;
    return runIdempotent<BuySpotsResponse>(
      this.db,
      {
        userId: user.id,
        scope: `break-spots:${breakId}`,
        key: idempotencyKey,
        request: { breakId, quantity: body.quantity, spotNumbers: body.spotNumbers, clientSeed },
      },
      async (tx) => {
        // A plain read first, so a closed or sold-out break answers without touching the wallet.
        const [seen] = await tx.select().from(breaks).where(eq(breaks.id, breakId));
        assertOnSale(seen);

        let chosen: number[] | null = null;
        let quantity: number;
        if (seen.format === 'random_team') {
          if (body.spotNumbers) {
            throw badRequest(
              'Teams in this break are drawn at random: send quantity, not spotNumbers.',
              { field: 'spotNumbers' },
            );
          }
          quantity = body.quantity ?? 1;
        } else {
          if (!body.spotNumbers) {
            throw badRequest('Choose the teams to buy: send their spot numbers in spotNumbers.', {
              field: 'spotNumbers',
            });
          }
          chosen = [...body.spotNumbers].sort((a, b) => a - b);
          quantity = chosen.length;
        }
        // Pick your team: what the chosen spots cost, and whether they are still free.
        const spotRows = !chosen
          ? []
          : await tx
              .select({
                spotNumber: breakSpots.spotNumber,
                team: breakSpots.team,
                priceCents: breakSpots.priceCents,
                saleId: breakSpotSales.id,
              })
              .from(breakSpots)
              .leftJoin(
                breakSpotSales,
                and(
                  eq(breakSpotSales.breakId, breakSpots.breakId),
                  eq(breakSpotSales.spotNumber, breakSpots.spotNumber),
                ),
              )
              .where(and(eq(breakSpots.breakId, breakId), inArray(breakSpots.spotNumber, chosen)));
        let priceOf: (spotNumber: number) => number;
        if (chosen) {
          const missing = chosen.filter((n) => !spotRows.some((s) => s.spotNumber === n));
          if (missing.length) {
            throw badRequest(`This break has no spot ${missing.join(', ')}.`, {
              field: 'spotNumbers',
            });
          }
          const taken = spotRows.filter((s) => s.saleId !== null);
          if (taken.length) throw takenConflict(taken.map((s) => s.team ?? `#${s.spotNumber}`));
          const prices = new Map(spotRows.map((s) => [s.spotNumber, s.priceCents]));
          priceOf = (n) => prices.get(n)!;
        } else {
          priceOf = () => seen.spotPriceCents;
        }
        const left = seen.totalSpots - seen.spotsSold;
        if (quantity > left) {
          throw conflict(
            left === 0 ? SOLD_OUT : `Only ${left} spot${left === 1 ? ' is' : 's are'} left.`,
            { left },
          );
        }

        const chargeCents = chosen
          ? chosen.reduce((sum, n) => sum + priceOf(n), 0)
          : quantity * seen.spotPriceCents;

        // The debit locks only this buyer's wallet row; it comes before the break row lock so
        // the one row every buyer shares is held as briefly as possible.
        const purchaseId = randomUUID();
        await this.deps.limits.checkPurchase(user.id, chargeCents, tx);
        const balanceCents = await this.deps.wallet.debit(
          user.id,
          chargeCents,
          {
            kind: 'break',
            refType: 'break_purchase',
            refId: purchaseId,
            description: `Break spot${quantity === 1 ? '' : 's'}: ${seen.title}`,
          },
          tx,
        );

        // Lock the break and take k = sold + 1 … sold + quantity in one statement; no row means
        // it sold out, closed or passed its deadline while we waited (the throw undoes the debit).
        const [taken] = await tx
          .update(breaks)
          .set({
            spotsSold: sql`${breaks.spotsSold} + ${quantity}`,
            status: sql`case when ${breaks.spotsSold} + ${quantity} = ${breaks.totalSpots} then 'filled' else 'open' end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(breaks.id, breakId),
              eq(breaks.status, 'open'),
              sql`${breaks.spotsSold} + ${quantity} <= ${breaks.totalSpots}`,
              sql`${breaks.salesDeadline} > now()`,
            ),
          )
          .returning();
        if (!taken) {
          const [now] = await tx.select().from(breaks).where(eq(breaks.id, breakId));
          assertOnSale(now);
          const leftNow = now.totalSpots - now.spotsSold;
          throw conflict(leftNow === 0 ? SOLD_OUT : `Only ${leftNow} spots are left.`, {
            left: leftNow,
          });
        }
        const firstK = taken.spotsSold - quantity + 1;
        const numbers = chosen ?? Array.from({ length: quantity }, (_, i) => firstK + i);
        const inserted = await tx
          .insert(breakSpotSales)
          .values(
            numbers.map((spotNumber, i) => ({
              breakId,
              spotNumber,
              userId: user.id,
              purchaseId,
              k: firstK + i,
              clientSeed,
              priceCents: priceOf(spotNumber),
            })),
          )
          .onConflictDoNothing({ target: [breakSpotSales.breakId, breakSpotSales.spotNumber] })
          .returning();
        // Another buyer took one of these teams after our first look: nothing is kept.
        if (inserted.length !== numbers.length) {
          const got = new Set(inserted.map((s) => s.spotNumber));
          throw takenConflict(
            spotRows
              .filter((s) => numbers.includes(s.spotNumber) && !got.has(s.spotNumber))
              .map((s) => s.team ?? `#${s.spotNumber}`),
          );
        }
        await notifyBreak({ breakId, type: 'spots' }, tx);
        const teamOf = new Map(spotRows.map((s) => [s.spotNumber, s.team]));
        return {
          breakId,
          spots: inserted
            .sort((a, b) => a.k - b.k)
            .map((s) => toMySpot(s, teamOf.get(s.spotNumber) ?? null)),
          charged: centsToDollars(chargeCents),
          balance: centsToDollars(balanceCents),
        };
      },
    );
  }

  // ---- Deadlines and refunds ----

  /**
   * Breaks past their sales deadline: one that reached its minimum is filled (ready to run); one
   * that did not is cancelled and every spot refunded. Runs on a timer and before reads; `breakId`
   * narrows it to one break. Safe to run on every instance at once: each cancellation is a
   * conditional UPDATE and each refund happens once.
   */
  async sweepDue(breakId?: string): Promise<{ filled: number; cancelled: number }> {
    const due: SQL[] = [eq(breaks.status, 'open'), lte(breaks.salesDeadline, sql`now()`)];
    if (breakId) due.push(eq(breaks.id, breakId));
    const filled = await this.db
      .update(breaks)
      .set({ status: 'filled', updatedAt: sql`now()` })
      .where(and(...due, sql`${breaks.spotsSold} >= ${breaks.minSpots}`))
      .returning({ id: breaks.id });
    const unfilled = await this.db
      .select({ id: breaks.id })
      .from(breaks)
      .where(and(...due, sql`${breaks.spotsSold} < ${breaks.minSpots}`));
    let cancelled = 0;
    for (const { id } of unfilled) {
      const done = await this.db.transaction(async (tx) => {
        const row = await this.cancelAndRefund(id, { onlyUnfilled: true }, tx);
        if (row) await notifyBreak({ breakId: id, type: 'spots' }, tx);
        return row;
      });
      if (done) {
        cancelled++;
        this.deps.log?.info(
          { breakId: id, refunded: done.refunded },
          'break cancelled: it did not reach its minimum by the sales deadline',
        );
      }
    }
    for (const { id } of filled) {
      await notifyBreak({ breakId: id, type: 'spots' }, this.db);
    }
    return { filled: filled.length, cancelled };
  }

  /**
   * Cancels a break that has not run and refunds every spot, inside the caller's transaction.
   * The state check (a conditional UPDATE from open or filled) makes a second run, even a
   * concurrent one, find nothing to do; each refund also sets its sale's refunded_at once and
   * writes a ledger row the database accepts once per sale. Answers null when the break was not
   * in a cancellable state.
   */
  async cancelAndRefund(
    breakId: string,
    opts: { onlyUnfilled?: boolean; allowDraft?: boolean },
    tx: Tx,
  ): Promise<{ row: BreakRow; refunded: number } | null> {
    const statuses: BreakRow['status'][] = opts.allowDraft
      ? ['draft', 'open', 'filled']
      : ['open', 'filled'];
    const [row] = await tx
      .update(breaks)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(breaks.id, breakId),
          inArray(breaks.status, statuses),
          opts.onlyUnfilled
            ? and(
                lte(breaks.salesDeadline, sql`now()`),
                sql`${breaks.spotsSold} < ${breaks.minSpots}`,
              )
            : undefined,
        ),
      )
      .returning();
    if (!row) return null;
    return { row, refunded: await this.refundSales(breakId, row.title, tx) };
  }

  /** Refunds every not-yet-refunded sale of a break; a sale already refunded is skipped. */
  async refundSales(breakId: string, title: string, tx: Tx): Promise<number> {
    const refunded = await tx
      .update(breakSpotSales)
      .set({ refundedAt: sql`now()` })
      .where(and(eq(breakSpotSales.breakId, breakId), isNull(breakSpotSales.refundedAt)))
      .returning();
    for (const sale of refunded.sort((a, b) => a.k - b.k)) {
      await this.deps.wallet.credit(
        sale.userId,
        sale.priceCents,
        {
          kind: 'refund',
          refType: 'break_spot',
          refId: sale.id,
          description: `Refund of break spot #${sale.spotNumber}: ${title}`,
        },
        tx,
      );
    }
    return refunded.length;
  }

  // ---- The owner's hits ----

  /** The caller's breaks: where they hold or held a spot or a hit, newest first. */
  async mine(userId: string): Promise<MyBreak[]> {
    await this.sweepDue();
    const sales = await this.db
      .select({ sale: breakSpotSales, team: breakSpots.team })
      .from(breakSpotSales)
      .innerJoin(
        breakSpots,
        and(
          eq(breakSpots.breakId, breakSpotSales.breakId),
          eq(breakSpots.spotNumber, breakSpotSales.spotNumber),
        ),
      )
      .where(eq(breakSpotSales.userId, userId))
      .orderBy(asc(breakSpotSales.k));
    const hits = await this.db
      .select()
      .from(breakHits)
      .where(eq(breakHits.userId, userId))
      .orderBy(asc(breakHits.hitNumber));
    const ids = [...new Set([...sales.map((s) => s.sale.breakId), ...hits.map((h) => h.breakId)])];
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(breaks)
      .where(inArray(breaks.id, ids))
      .orderBy(desc(breaks.scheduledAt));
    const summaries = await this.summaries(rows);
    const claims = await this.db
      .select({ claim: breakClaims, shipment: shipments })
      .from(breakClaims)
      .innerJoin(shipments, eq(shipments.id, breakClaims.shipmentId))
      .where(and(eq(breakClaims.userId, userId), inArray(breakClaims.breakId, ids)));
    const [me] = await this.db
      .select({ username: users.username, anon: users.pullsAnonymous })
      .from(users)
      .where(eq(users.id, userId));
    const owner: Owner | null = me ? { username: me.username, anonymous: me.anon } : null;
    return rows.map((b, i) => {
      const myHits = hits.filter((h) => h.breakId === b.id).map((h) => toMyHit(h, owner, userId));
      const claim = claims.find((c) => c.claim.breakId === b.id);
      return {
        break: summaries[i]!,
        spots: sales.filter((s) => s.sale.breakId === b.id).map((s) => toMySpot(s.sale, s.team)),
        hits: myHits,
        shipment: claim
          ? {
              _id: claim.shipment.id,
              status: claim.shipment.status,
              shipBy: claim.shipment.shipBy.toISOString(),
              carrier: claim.shipment.carrier,
              trackingNumber: claim.shipment.trackingNumber,
            }
          : null,
        canClaim: b.status === 'completed' && myHits.some((h) => h.status === 'held'),
      };
    });
  }

  /**
   * Claims every hit the caller holds in a finished break as one combined shipment (UNIQUE per
   * break and owner), due 48 hours after the break ended, or after the claim when it comes later.
   */
  async claim(user: SessionUser, breakId: string, body: ClaimHitsBody): Promise<ClaimHitsResponse> {
    await this.db.transaction(async (tx) => {
      const b = await this.visible(breakId, tx);
      if (b.status !== 'completed') {
        throw conflict(
          b.status === 'cancelled'
            ? 'This break was cancelled and its spots refunded.'
            : 'You can claim your hits once the break has ended.',
        );
      }
      const held = await tx
        .select()
        .from(breakHits)
        .where(
          and(
            eq(breakHits.breakId, breakId),
            eq(breakHits.userId, user.id),
            eq(breakHits.status, 'held'),
          ),
        )
        .for('update');
      if (held.length === 0) {
        const [claimed] = await tx
          .select({ id: breakClaims.id })
          .from(breakClaims)
          .where(and(eq(breakClaims.breakId, breakId), eq(breakClaims.userId, user.id)));
        throw conflict(
          claimed
            ? 'Your hits of this break are already claimed.'
            : 'You have no hits to claim in this break.',
        );
      }
      const address = body.shippingAddress ?? user.shippingAddress;
      if (!address) {
        throw badRequest('Add a shipping address to claim your hits.', {
          field: 'shippingAddress',
        });
      }
      const promise = SHIPPING_PROMISE_HOURS * 3600 * 1000;
      const from = Math.max(b.endedAt?.getTime() ?? Date.now(), Date.now());
      const claimId = randomUUID();
      const shipment = await this.deps.shipping.create(
        {
          userId: user.id,
          sourceType: 'break',
          sourceId: claimId,
          address,
          shipBy: new Date(from + promise),
        },
        tx,
      );
      await tx
        .insert(breakClaims)
        .values({ id: claimId, breakId, userId: user.id, shipmentId: shipment.id });
      await tx
        .update(breakHits)
        .set({ status: 'claimed', claimId })
        .where(
          inArray(
            breakHits.id,
            held.map((h) => h.id),
          ),
        );
    });
    const mine = await this.mine(user.id);
    return { break: mine.find((m) => m.break._id === breakId)! };
  }

  /** Sells a held hit back for the price staff set, credited to the wallet; once. */
  async sellBack(userId: string, hitId: string): Promise<SellBackHitResponse> {
    return this.db.transaction(async (tx) => {
      const [hit] = await tx
        .select()
        .from(breakHits)
        .where(and(eq(breakHits.id, hitId), eq(breakHits.userId, userId)))
        .for('update');
      if (!hit) throw notFound('No hit of yours with this id.');
      if (hit.status === 'sold_back') throw conflict('This hit was already sold back.');
      if (hit.status !== 'held') throw conflict('This hit is claimed for shipping.');
      if (hit.buybackCents === null) {
        throw conflict('This hit has no buyback price: claim it to have it shipped.');
      }
      // What the collector paid for the spot the hit came from: a sell-back above it is a profit,
      // which self-exclusion stops (as for pulls).
      const [spot] =
        hit.spotNumber === null
          ? []
          : await tx
              .select({ priceCents: breakSpotSales.priceCents })
              .from(breakSpotSales)
              .where(
                and(
                  eq(breakSpotSales.breakId, hit.breakId),
                  eq(breakSpotSales.spotNumber, hit.spotNumber),
                  eq(breakSpotSales.userId, userId),
                ),
              );
      await this.deps.limits.checkSellBack(userId, hit.buybackCents, spot?.priceCents ?? 0, tx);
      const [b] = await tx.select().from(breaks).where(eq(breaks.id, hit.breakId));
      const balance = await this.deps.wallet.credit(
        userId,
        hit.buybackCents,
        {
          kind: 'buyback',
          refType: 'break_hit',
          refId: hit.id,
          description: `Sell-back of ${hit.cardName} (${b?.title ?? 'break'})`,
        },
        tx,
      );
      const [updated] = await tx
        .update(breakHits)
        .set({ status: 'sold_back', soldBackCents: hit.buybackCents, soldBackAt: sql`now()` })
        .where(eq(breakHits.id, hit.id))
        .returning();
      const [me] = await tx
        .select({ username: users.username, anon: users.pullsAnonymous })
        .from(users)
        .where(eq(users.id, userId));
      return {
        hit: toMyHit(updated!, me ? { username: me.username, anonymous: me.anon } : null, userId),
        credited: centsToDollars(hit.buybackCents),
        balance: centsToDollars(balance),
      };
    });
  }
}

/** 404 for no such (or draft) break; 409 when its spots are not on sale. */
function assertOnSale(b: BreakRow | undefined): asserts b is BreakRow {
  if (!b || b.status === 'draft') throw breakNotFound();
  if (b.status === 'cancelled') throw conflict('This break was cancelled.');
  if (b.status === 'live' || b.status === 'completed')
    throw conflict('This break has already run.');
  if (b.status === 'filled' || b.spotsSold >= b.totalSpots) {
    throw conflict(b.spotsSold >= b.totalSpots ? SOLD_OUT : 'Sales for this break have closed.');
  }
  if (b.salesDeadline.getTime() <= Date.now()) {
    throw conflict(`Sales for this break closed at ${b.salesDeadline.toISOString()}.`, {
      salesDeadline: b.salesDeadline.toISOString(),
    });
  }
}

const takenConflict = (teams: string[]) =>
  conflict(
    `${teams.join(', ')} ${teams.length === 1 ? 'is' : 'are'} already taken. Choose another team.`,
    { taken: teams },
  );

function toMySpot(s: typeof breakSpotSales.$inferSelect, team: string | null): MySpot {
  return {
    spotNumber: s.spotNumber,
    team,
    price: centsToDollars(s.priceCents),
    k: s.k,
    clientSeed: s.clientSeed,
    purchasedAt: s.purchasedAt.toISOString(),
    refundedAt: iso(s.refundedAt),
  };
}

function toMyHit(h: HitRow, owner: Owner | null, viewerId: string): MyHit {
  return {
    ...toBreakHit(h, owner, viewerId),
    status: h.status,
    buybackPrice:
      h.status === 'held' && h.buybackCents !== null ? centsToDollars(h.buybackCents) : null,
    soldBackFor: h.soldBackCents === null ? null : centsToDollars(h.soldBackCents),
  };
}
