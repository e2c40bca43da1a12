import { and, count, desc, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, grailCases, pulls } from '../../db/schema/index.js';
import { utcDayAfter, utcDayStart } from '../../lib/report-periods.js';

/** What other modules read of cases and pulls (grail alone writes them). */

const pulledIn = (from: string, to: string) =>
  and(gte(pulls.pulledAt, utcDayStart(from)), lt(pulls.pulledAt, utcDayAfter(to)));

/** Packs pulled per case in the UTC days `from`..`to`, in order of each case's first pull. */
export async function packsSoldPerCase(db: Db | Tx, from: string, to: string) {
  const rows = await db
    .select({
      caseId: grailCases.id,
      name: grailCases.name,
      packPriceCents: grailCases.packPriceCents,
      packsSold: count(pulls.id),
    })
    .from(grailCases)
    .innerJoin(pulls, and(eq(pulls.caseId, grailCases.id), pulledIn(from, to)))
    .groupBy(grailCases.id)
    .orderBy(min(pulls.pulledAt), grailCases.id);
  return rows.map((r) => ({ ...r, packsSold: Number(r.packsSold) }));
}

/** The cards each of these cases holds (pulled or not). */
export async function cardsOfCases(db: Db | Tx, caseIds: string[]) {
  if (!caseIds.length) return [];
  return db
    .select({ caseId: caseCards.caseId, cardId: caseCards.cardId })
    .from(caseCards)
    .where(inArray(caseCards.caseId, caseIds));
}

/** Of the pulls made in the UTC days `from`..`to`: how many were sold back, for what credit and FMV. */
export async function buybackOfPulls(db: Db | Tx, from: string, to: string) {
  const soldBack = sql`${pulls.status} = 'sold_back'`;
  const [r] = await db
    .select({
      pulled: count(),
      soldBack: sql<number>`count(*) filter (where ${soldBack})::int`,
      creditCents: sql<number>`coalesce(sum(${pulls.buybackCents}) filter (where ${soldBack}), 0)::bigint`,
      fmvCents: sql<number>`coalesce(sum(${pulls.fmvCents}) filter (where ${soldBack}), 0)::bigint`,
    })
    .from(pulls)
    .where(pulledIn(from, to));
  return {
    pulled: Number(r?.pulled ?? 0),
    soldBack: Number(r?.soldBack ?? 0),
    creditCents: Number(r?.creditCents ?? 0),
    fmvCents: Number(r?.fmvCents ?? 0),
  };
}

/** A collector's newest pulls. */
export async function recentPullsOf(db: Db | Tx, userId: string, limit: number) {
  return db
    .select({
      id: pulls.id,
      cardId: pulls.cardId,
      status: pulls.status,
      priceCents: pulls.priceCents,
      fmvCents: pulls.fmvCents,
      pulledAt: pulls.pulledAt,
    })
    .from(pulls)
    .where(eq(pulls.userId, userId))
    .orderBy(desc(pulls.pulledAt))
    .limit(limit);
}
