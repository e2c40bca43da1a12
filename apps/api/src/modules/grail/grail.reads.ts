import { and, count, desc, eq, gte, inArray, lt, min, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, grailCases, pulls } from '../../db/schema/index.js';
import { utcDayAfter, utcDayStart } from '../../lib/report-periods.js';
import { cardsByIds } from '../inventory/inventory.reads.js';
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
  // A sell-back is recorded on the pull with its credit (its state is the vault holding's).
  const soldBack = sql`${pulls.soldBackAt} is not null`;
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
      priceCents: pulls.priceCents,
      fmvCents: pulls.fmvCents,
      pulledAt: pulls.pulledAt,
    })
    .from(pulls)
    .where(eq(pulls.userId, userId))
    .orderBy(desc(pulls.pulledAt))
    .limit(limit);
}

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

/** The case each of these cards is in, by card id (cards in no case are absent). */
export async function casesOfCards(
  db: Db | Tx,
  cardIds: string[],
): Promise<Map<string, { caseId: string; name: string; status: string }>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({
      cardId: caseCards.cardId,
      caseId: grailCases.id,
      name: grailCases.name,
      status: grailCases.status,
    })
    .from(caseCards)
    .innerJoin(grailCases, eq(grailCases.id, caseCards.caseId))
    .where(inArray(caseCards.cardId, cardIds));
  return new Map(rows.map(({ cardId, ...c }) => [cardId, c]));
}

/** The ids of the cards case `caseId` holds, as a subquery for the caller's WHERE. */
export const cardIdsOfCase = (db: Db | Tx, caseId: string) =>
  db.select({ id: caseCards.cardId }).from(caseCards).where(eq(caseCards.caseId, caseId));

/** Every case's id and name, newest first. */
export function caseNames(db: Db | Tx) {
  return db
    .select({ caseId: grailCases.id, name: grailCases.name })
    .from(grailCases)
    .orderBy(desc(grailCases.createdAt));
}

/** Whether card `cardId` is in a case that was committed (went live), whatever it is now. */
export async function inCommittedCase(db: Db | Tx, cardId: string): Promise<boolean> {
  const [committed] = await db
    .select({ status: grailCases.status })
    .from(caseCards)
    .innerJoin(grailCases, eq(grailCases.id, caseCards.caseId))
    .where(and(eq(caseCards.cardId, cardId), ne(grailCases.status, 'draft')))
    .limit(1);
  return committed !== undefined;
}

/** What the vault says of the pulls its cards came from: number, case, time and FMV at the pull. */
export async function pullFacts(db: Db | Tx, pullIds: string[]) {
  if (pullIds.length === 0) return new Map<string, PullFacts>();
  const rows = await db
    .select({
      id: pulls.id,
      k: pulls.k,
      caseName: grailCases.name,
      pulledAt: pulls.pulledAt,
      fmvCents: pulls.fmvCents,
    })
    .from(pulls)
    .innerJoin(grailCases, eq(grailCases.id, pulls.caseId))
    .where(inArray(pulls.id, pullIds));
  return new Map(rows.map((r) => [r.id, r]));
}
export interface PullFacts {
  id: string;
  k: number;
  caseName: string;
  pulledAt: Date;
  fmvCents: number;
}

/**
 * Pulls still in the vault whose sell-back window closes between `from` and `to` (the window
 * opens at the pull): what the closing-window reminders tell about.
 */
export function sellBackWindowsClosing(db: Db | Tx, windowHours: number, from: Date, to: Date) {
  const window = sql`make_interval(hours => ${windowHours})`;
  return db
    .select({ id: pulls.id, userId: pulls.userId, k: pulls.k, pulledAt: pulls.pulledAt })
    .from(pulls)
    .where(
      and(
        eq(pulls.status, 'revealed'),
        sql`${pulls.pulledAt} + ${window} > ${from.toISOString()}::timestamptz`,
        sql`${pulls.pulledAt} + ${window} <= ${to.toISOString()}::timestamptz`,
      ),
    )
    .limit(500);
}

/** A committed case's timing as the drop queue reads it: null for no such (or draft) case. */
export async function dropTimingOf(db: Db | Tx, caseId: string) {
  const [c] = await db
    .select({
      caseId: grailCases.id,
      status: grailCases.status,
      activationTime: grailCases.activationTime,
      dropQueueMinutes: grailCases.dropQueueMinutes,
    })
    .from(grailCases)
    .where(and(eq(grailCases.id, caseId), ne(grailCases.status, 'draft')));
  return c ?? null;
}

/**
 * Cases whose waiting room is due to open: going live at a future activation time that is no
 * more than their queue minutes away.
 */
export async function casesWithDropsDue(db: Db | Tx) {
  return db
    .select({ caseId: grailCases.id, activationTime: grailCases.activationTime })
    .from(grailCases)
    .where(
      and(
        eq(grailCases.status, 'scheduled'),
        sql`${grailCases.dropQueueMinutes} > 0`,
        sql`${grailCases.activationTime} > now()`,
        sql`${grailCases.activationTime} - make_interval(mins => ${grailCases.dropQueueMinutes}) <= now()`,
      ),
    );
}
