import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { grailCases, pulls } from '../../db/schema/index.js';
import { cardFmvCents, cardsByIds } from '../inventory/inventory.reads.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { PublicPullRow } from './pull.view.js';

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

/** SQL: the expected value of case `caseId` (SQL), the mean FMV in cents of all its cards. */
export const caseExpectedValueCents = (caseId: SQL) =>
  sql`(select coalesce(round(avg(${sql.raw(cardFmvCents('cc.card_id'))})), 0)::bigint
      from case_cards cc where cc.case_id = ${caseId})`;
