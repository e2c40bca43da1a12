import { desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';

/** What other modules read of orders (the orders module alone writes them). */

/** A collector's newest orders, with how many items each holds. */
export async function recentOrdersOf(db: Db | Tx, userId: string, limit: number) {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      items: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, items: Number(r.items) }));
}

/** What is in each order's box, by order id: the names of its cards. */
export async function orderItemNames(
  db: Db | Tx,
  orderIds: string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (orderIds.length === 0) return names;
  const rows = await db
    .select({ id: orderItems.orderId, name: orderItems.name })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  for (const r of rows) names.set(r.id, [...(names.get(r.id) ?? []), r.name]);
  return names;
}

/**
 * The latest store sales of these cards (their ids, or a subquery that selects them), newest
 * first: what each sold for and when it was paid.
 */
export function latestSales(db: Db | Tx, cardIds: string[] | SQLWrapper, limit: number) {
  return db
    .select({ cardId: orderItems.cardId, priceCents: orderItems.priceCents, soldAt: orders.paidAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.cardId, cardIds))
    .orderBy(desc(orders.paidAt))
    .limit(limit);
}

/**
 * Store sales of the cards `cardIds` selects since `since`, newest first: the comps count them
 * beside marketplace sales. A cancelled order is no sale.
 */
export function storeSalesOf(db: Db | Tx, cardIds: SQLWrapper, since: Date) {
  return db
    .select({ priceCents: orderItems.priceCents, soldAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      sql`${orderItems.cardId} in ${cardIds} and ${orders.status} <> 'cancelled' and ${orders.createdAt} > ${since}`,
    )
    .orderBy(desc(orders.createdAt));
}
