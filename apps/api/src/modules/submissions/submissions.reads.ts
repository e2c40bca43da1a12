import { and, count, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { submissionReturns } from '../../db/schema/index.js';
import { utcDayAfter, utcDayStart, utcWeekOf } from '../../lib/report-periods.js';

/** What other modules read of submissions (the submissions module alone writes them). */

/** Per week (weeks with any only): graded cards returned in the UTC days `from`..`to`, and those on time. */
export async function returnsShippedPerWeek(db: Db | Tx, from: string, to: string) {
  const { shippedAt, shipBy } = submissionReturns;
  const week = utcWeekOf(shippedAt);
  const rows = await db
    .select({
      week,
      shipped: count(),
      onTime: sql<number>`count(*) filter (where ${shippedAt} <= ${shipBy})::int`,
    })
    .from(submissionReturns)
    .where(and(gte(shippedAt, utcDayStart(from)), lt(shippedAt, utcDayAfter(to))))
    .groupBy(week);
  return rows.map((r) => ({ week: r.week, shipped: Number(r.shipped), onTime: Number(r.onTime) }));
}
