import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  centsToDollars,
  type AdminBreak,
  type BreakDetail,
  type BreakFairnessResponse,
  type BreakHit,
  type BreaksQuery,
  type BreakSummary,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { breakHits, breaks, breakSpotSales, breakSpots } from '../../db/schema/index.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { BreakSeedVault } from './fairness.js';
import { breakNotFound, revealedSeed } from './breaks.reads.js';
import { withHoldings } from './hit-status.js';
import { holderName, toBreakHit, toBreakSummary, type BreakRow } from './breaks.view.js';
import type { BreakRefunds } from './refunds.service.js';

const LIST_LIMIT = 200;

/**
 * What collectors read of breaks: the list, a break's page and its fairness record. Each read
 * first settles breaks past their sales deadline, so none is shown on sale after it closed.
 */
export class BreakPages {
  constructor(
    private readonly db: Db,
    private readonly deps: { vault: BreakSeedVault; refunds: BreakRefunds },
  ) {}

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
    await this.deps.refunds.sweepDue();
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

  async visible(breakId: string, tx: Db | Tx = this.db): Promise<BreakRow> {
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
    const saleRows = await tx.select().from(breakSpotSales).where(eq(breakSpotSales.breakId, b.id));
    const hitRows = await withHoldings(
      tx,
      await tx
        .select()
        .from(breakHits)
        .where(eq(breakHits.breakId, b.id))
        .orderBy(asc(breakHits.hitNumber)),
    );
    const people = await publicNamesOf(tx, [
      ...new Set([
        ...saleRows.map((s) => s.userId),
        ...hitRows.flatMap((h) => (h.userId ? [h.userId] : [])),
      ]),
    ]);
    const sales = saleRows.flatMap((sale) => {
      const owner = people.get(sale.userId);
      return owner ? [{ sale, owner }] : [];
    });
    const saleBySpot = new Map(sales.map((s) => [s.sale.spotNumber, s]));
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
          holder: held ? holderName(held.owner) : null,
          mine: Boolean(held && viewerId && held.sale.userId === viewerId),
          username: sale?.owner.username ?? null,
          refunded: Boolean(sale?.sale.refundedAt),
        };
      }),
      hits: hitRows.map((h) => {
        const owner = h.userId ? (people.get(h.userId) ?? null) : null;
        return {
          ...toBreakHit(h, owner, viewerId),
          status: h.status,
          buybackPrice: h.buybackCents === null ? null : centsToDollars(h.buybackCents),
          username: owner?.username ?? null,
        };
      }),
      fairness: {
        serverSeedHash: b.serverSeedHash,
        serverSeed: revealedSeed(b, this.deps.vault),
      },
      refunds: sales.filter((s) => s.sale.refundedAt).length,
    };
  }

  async detail(breakId: string, viewerId: string | null): Promise<BreakDetail> {
    await this.deps.refunds.sweepDue(breakId);
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
    await this.deps.refunds.sweepDue(breakId);
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
      serverSeed: revealedSeed(b, this.deps.vault),
      purchases: sales.map((s) => ({ k: s.k, spotNumber: s.spotNumber, clientSeed: s.clientSeed })),
      publicInput: b.publicInput,
      assignments: spots.map((s) => ({ spotNumber: s.spotNumber, team: s.team ?? '' })),
    };
  }
}
