import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderItems } from '../../db/schema/index.js';

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
