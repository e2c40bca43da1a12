import { and, count, gte, isNotNull, lt, sql } from 'drizzle-orm';
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
