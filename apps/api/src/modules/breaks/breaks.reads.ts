import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { breakHits, breaks, breakSpots, breakSpotSales } from '../../db/schema/index.js';
import type { Grader } from '@grail/contract';
import { notFound } from '../../errors.js';
import { BREAK_EVENTS_CHANNEL, type BreakNotice } from './breaks.events.js';
import type { BreakSeedVault } from './fairness.js';
import type { BreakRow } from './breaks.view.js';

export const breakNotFound = () => notFound('No break with this id.');

/** Statuses in which the seed is revealed: the teams are drawn, or the break will never run. */
const REVEALED = new Set<BreakRow['status']>(['live', 'completed', 'cancelled']);

/** The break's server seed in hex once it may be shown, else null. */
export function revealedSeed(b: BreakRow, vault: BreakSeedVault): string | null {
  return REVEALED.has(b.status) && b.serverSeedEnc
    ? vault.open(b.serverSeedEnc).toString('hex')
    : null;
}

/** Joins a spot to its sale (a spot has at most one). */
export const saleOfSpot = and(
  eq(breakSpotSales.breakId, breakSpots.breakId),
  eq(breakSpotSales.spotNumber, breakSpots.spotNumber),
);

/** Queues a live event; PostgreSQL delivers it to every instance when the transaction commits. */
export async function notifyBreak(notice: BreakNotice, tx: Db | Tx): Promise<void> {
  await tx.execute(breakNotice(notice));
}

const breakNotice = rawStatement(
  'breaks.notify',
  (notice: BreakNotice) =>
    sql`select pg_notify(${BREAK_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`,
  { breakId: SAMPLE_UUID, type: 'spots' },
);

/** What is in each claim's box, by claim id: the hits, in the order they were pulled. */
export async function claimedHitNames(
  db: Db | Tx,
  claimIds: string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (claimIds.length === 0) return names;
  const rows = await db
    .select({ id: breakHits.claimId, name: breakHits.cardName, detail: breakHits.detail })
    .from(breakHits)
    .where(inArray(breakHits.claimId, claimIds))
    .orderBy(asc(breakHits.hitNumber));
  for (const r of rows) {
    names.set(r.id!, [...(names.get(r.id!) ?? []), r.detail ? `${r.name} (${r.detail})` : r.name]);
  }
  return names;
}

/** What a hit's vault value is when staff set a buyback price, and when they did not. */
export const HIT_VALUE_SOURCES = { buyback: 'Buyback price', spot: 'Spot price' } as const;

/**
 * Owned hits with the columns of inventory's heldCardColumns, in the same order, for the vault's
 * union (decision 025): the name is the player, the break's title the set, the detail the grade,
 * and the value the buyback price staff set, else the price of the spot it came from.
 */
export const heldHitColumns = (db: Db | Tx) =>
  db
    .select({
      cardId: breakHits.id,
      name: breakHits.cardName,
      player: breakHits.cardName,
      setName: breaks.title,
      team: breakHits.team,
      sport: breaks.sport,
      year: sql<number>`extract(year from ${breakHits.createdAt})::int`,
      grader: sql<Grader | null>`null::text`,
      grade: breakHits.detail,
      gradeValue: sql<number | null>`null::numeric`,
      certNumber: sql<string | null>`null::text`,
      imageIds: sql<string[]>`array_remove(array[${breakHits.imageId}], null)`,
      fmvCents: sql<number>`coalesce(${breakHits.buybackCents}, ${breakSpotSales.priceCents}, 0)`,
      fmvSource: sql<string>`case when ${breakHits.buybackCents} is null then ${HIT_VALUE_SOURCES.spot} else ${HIT_VALUE_SOURCES.buyback} end`,
      fmvUpdatedAt: breakHits.createdAt,
    })
    .from(breakHits)
    .innerJoin(breaks, eq(breaks.id, breakHits.breakId))
    .leftJoin(breakSpotSales, spotSaleOfHit)
    .where(isNotNull(breakHits.userId));

/** Joins a hit to the sale of the spot it came from, to its owner. */
export const spotSaleOfHit = and(
  eq(breakSpotSales.breakId, breakHits.breakId),
  eq(breakSpotSales.spotNumber, breakHits.spotNumber),
  eq(breakSpotSales.userId, breakHits.userId),
);

/** The number of each of these hits in its break and the break's title, by hit id. */
export async function hitFacts(db: Db | Tx, hitIds: string[]) {
  if (hitIds.length === 0) return new Map<string, { hitNumber: number; breakTitle: string }>();
  const rows = await db
    .select({ id: breakHits.id, hitNumber: breakHits.hitNumber, breakTitle: breaks.title })
    .from(breakHits)
    .innerJoin(breaks, eq(breaks.id, breakHits.breakId))
    .where(inArray(breakHits.id, hitIds));
  return new Map(rows.map((r) => [r.id, r]));
}
export type HitFacts =
  Awaited<ReturnType<typeof hitFacts>> extends Map<string, infer F> ? F : never;
