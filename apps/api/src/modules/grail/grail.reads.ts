import { and, count, desc, eq, gte, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, grailCases, pulls } from '../../db/schema/index.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { utcDayAfter, utcDayStart } from '../../lib/report-periods.js';
import { cardFmvCents, cardsByIds } from '../inventory/inventory.reads.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { PublicPullRow } from './pull.view.js';

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

type PullRow = typeof pulls.$inferSelect;

/**
 * A pull as anyone may see it (its public page, its Discord announcement): the pull, its card,
 * its case and how the collector is named. Undefined for no such pull.
 */
export async function publicPull(db: Db | Tx, pullId: string): Promise<PublicPullRow | undefined> {
  const [row] = await db
    .select({
      pull: pulls,
      caseName: grailCases.name,
      totalItems: grailCases.totalItems,
      tiers: grailCases.tiers,
      serverSeedHash: grailCases.serverSeedHash,
    })
    .from(pulls)
    .innerJoin(grailCases, eq(grailCases.id, pulls.caseId))
    .where(eq(pulls.id, pullId));
  if (!row) return undefined;
  const [card, name] = await Promise.all([
    cardsByIds(db, [row.pull.cardId]).then((byId) => byId.get(row.pull.cardId)),
    publicNamesOf(db, [row.pull.userId]).then((byId) => byId.get(row.pull.userId)),
  ]);
  if (!card || !name) return undefined;
  return { ...row, card, username: name.username, anonymous: name.anonymous };
}

/** A collector's latest pulls, newest first, each with its card's name (the staff's user page). */
export async function pullsOfCollector(
  db: Db | Tx,
  userId: string,
  limit: number,
): Promise<{ pull: PullRow; cardName: string }[]> {
  const rows = await db
    .select()
    .from(pulls)
    .where(eq(pulls.userId, userId))
    .orderBy(desc(pulls.pulledAt))
    .limit(limit);
  const names = await cardsByIds(
    db,
    rows.map((p) => p.cardId),
  );
  return rows.map((pull) => ({ pull, cardName: names.get(pull.cardId)?.name ?? '' }));
}

/** The card names of these pulls, by pull id (a shipment's packing list). */
export async function pullCardNames(db: Db | Tx, pullIds: string[]): Promise<Map<string, string>> {
  if (pullIds.length === 0) return new Map();
  const rows = await db
    .select({ id: pulls.id, cardId: pulls.cardId })
    .from(pulls)
    .where(inArray(pulls.id, pullIds));
  const cards = await cardsByIds(
    db,
    rows.map((r) => r.cardId),
  );
  return new Map(rows.map((r) => [r.id, cards.get(r.cardId)?.name ?? '']));
}

/**
 * For the staff's figures: the pulls made from `start` until before `end` (SQL timestamptz), as a
 * relation of (id, case_id, status, fmv_cents, buyback_cents, pulled_at).
 */
export const pullsBetween = (start: SQL, end: SQL) =>
  sql`(select id, case_id, status, fmv_cents, buyback_cents, pulled_at
      from pulls where pulled_at >= ${start} and pulled_at < ${end})`;

/** For the staff's figures: the cases as a relation of (id, name, pack_price_cents). */
export const caseFacts = sql`(select id, name, pack_price_cents from grail_cases)`;

/**
 * SQL: the expected value of case `caseId` (SQL), the mean FMV in cents of all its cards. A
 * subquery is a statement of its own too, so the declaration's sample is prepared as it is.
 */
export const caseExpectedValueCents = rawStatement(
  'grail.case_expected_value',
  (caseId: SQL) =>
    sql`(select coalesce(round(avg(${sql.raw(cardFmvCents('cc.card_id'))})), 0)::bigint
      from case_cards cc where cc.case_id = ${caseId})`,
  sql`${SAMPLE_UUID}::uuid`,
);
