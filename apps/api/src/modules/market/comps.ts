import { and, desc, gt, isNull, sql } from 'drizzle-orm';
import { centsToDollars, COMPS_LAST_SALES, type Comps } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { marketSales } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { cardById, sameIdentityCardIds } from '../inventory/inventory.reads.js';
import { storeSalesOf } from '../orders/orders.reads.js';

/** How far back the price chart reaches. */
const HISTORY_DAYS = 365;

/**
 * The sales history of a card's identity: marketplace sales not flagged as between related
 * accounts, and store sales, newest first; the chart's points oldest first.
 */
export async function compsOf(db: Db | Tx, cardId: string): Promise<Comps> {
  const card = await cardById(db, cardId);
  if (!card) throw notFound('Card not found.');
  const since = new Date(Date.now() - HISTORY_DAYS * 86_400_000);
  const sameCards = sameIdentityCardIds(db, cardId);
  const [market, store] = await Promise.all([
    db
      .select({
        priceCents: marketSales.priceCents,
        soldAt: marketSales.soldAt,
        kind: marketSales.kind,
      })
      .from(marketSales)
      .where(
        and(
          sql`${marketSales.cardId} in ${sameCards}`,
          isNull(marketSales.flagReason),
          gt(marketSales.soldAt, since),
        ),
      )
      .orderBy(desc(marketSales.soldAt)),
    storeSalesOf(db, sameIdentityCardIds(db, cardId), since),
  ]);
  const sales = [
    ...market.map((s) => ({ ...s, kind: s.kind })),
    ...store.map((s) => ({ ...s, kind: 'store' as const })),
  ].sort((a, b) => b.soldAt.getTime() - a.soldAt.getTime());
  return {
    sales: sales.slice(0, COMPS_LAST_SALES).map((s) => ({
      price: centsToDollars(s.priceCents),
      kind: s.kind,
      soldAt: s.soldAt.toISOString(),
    })),
    history: [...sales].reverse().map((s) => ({
      day: s.soldAt.toISOString().slice(0, 10),
      price: centsToDollars(s.priceCents),
    })),
    fmv: {
      value: centsToDollars(card.fmvCents),
      source: card.fmvSource,
      updatedAt: card.fmvUpdatedAt.toISOString(),
    },
  };
}

/** Flagged sales (related accounts), newest first, for staff. */
export function flaggedSales(db: Db | Tx, limit: number) {
  return db
    .select()
    .from(marketSales)
    .where(sql`${marketSales.flagReason} is not null`)
    .orderBy(desc(marketSales.soldAt))
    .limit(limit);
}

/** How many sales the marketplace settled. */
export async function saleCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(marketSales);
  return row?.n ?? 0;
}
