import { desc, eq, sql } from 'drizzle-orm';
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
