import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';
import { utcDayAfter, utcDayStart, utcWeekOf } from '../../lib/report-periods.js';

/** What other modules read of shipments (shipping alone writes them). */

/** Per week (weeks with any only): shipments sent in the UTC days `from`..`to`, and those on time. */
export async function shippedPerWeek(db: Db | Tx, from: string, to: string) {
  const week = utcWeekOf(shipments.shippedAt);
  const rows = await db
    .select({
      week,
      shipped: count(),
      onTime: sql<number>`count(*) filter (where ${shipments.shippedAt} <= ${shipments.shipBy})::int`,
    })
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.shippedAt),
        gte(shipments.shippedAt, utcDayStart(from)),
        lt(shipments.shippedAt, utcDayAfter(to)),
      ),
    )
    .groupBy(week);
  return rows.map((r) => ({ week: r.week, shipped: Number(r.shipped), onTime: Number(r.onTime) }));
}

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

/** A collector's vault boxes, newest first. */
export function vaultBoxesOf(db: Db | Tx, userId: string, limit = 100) {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.sourceType, 'vault')))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
}

/** The status of a box only vault boxes' moves never reach (packing, cancelled): a break claim's. */
export function unpackedBoxStatus(status: ShipmentRow['status']) {
  if (status === 'packing' || status === 'cancelled')
    throw new Error(`a box of this kind is never ${status}`);
  return status;
}
