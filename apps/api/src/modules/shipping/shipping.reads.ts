import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';

export type ShipmentRow = typeof shipments.$inferSelect;

/**
 * Every shipment sent, as rows of (shipped_at, ship_by): the store's part of "shipped within 48
 * hours" (fulfilment.reads.ts adds the submissions' returns).
 */
export const shipmentsShippedSql: SQL = sql`select shipped_at, ship_by from ${shipments} where shipped_at is not null`;

/** The shipments of these orders, pulls or break claims, by their source's id. */
export async function shipmentsOf(
  db: Db | Tx,
  sourceType: ShipmentRow['sourceType'],
  sourceIds: string[],
): Promise<Map<string, ShipmentRow>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.sourceType, sourceType), inArray(shipments.sourceId, sourceIds)));
  return new Map(rows.map((s) => [s.sourceId, s]));
}

/** These shipments, by id. */
export async function shipmentsByIds(
  db: Db | Tx,
  ids: string[],
): Promise<Map<string, ShipmentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(shipments).where(inArray(shipments.id, ids));
  return new Map(rows.map((s) => [s.id, s]));
}
