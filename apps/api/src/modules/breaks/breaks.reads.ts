import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { breakHits, breakSpots, breakSpotSales } from '../../db/schema/index.js';
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
