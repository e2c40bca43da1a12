import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Reports count by UTC day and by week (from its Monday, UTC); a range of days `from`..`to`
 * (YYYY-MM-DD) includes both ends. The owners of the counted tables and the report that joins
 * their counts use these, so a day or a week means the same everywhere.
 */

/** The first instant of a UTC day. */
export const utcDayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'UTC')`;
/** The first instant after a UTC day. */
export const utcDayAfter = (day: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

/** The UTC day of a timestamp, as YYYY-MM-DD. */
export const utcDayOf = (at: PgColumn): SQL<string> =>
  sql<string>`to_char((${at} at time zone 'UTC')::date, 'YYYY-MM-DD')`;
/** The Monday (UTC) of a timestamp's week, as YYYY-MM-DD. */
export const utcWeekOf = (at: PgColumn): SQL<string> =>
  sql<string>`to_char(date_trunc('week', ${at} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = msOf(from); ms <= msOf(to); ms += DAY_MS) days.push(dayText(ms));
  return days;
}

/** The Monday of every week from `from`'s to `to`'s. */
export function weeksBetween(from: string, to: string): string[] {
  const monday = (day: string) => msOf(day) - ((new Date(msOf(day)).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: string[] = [];
  for (let ms = monday(from); ms <= monday(to); ms += 7 * DAY_MS) weeks.push(dayText(ms));
  return weeks;
}
