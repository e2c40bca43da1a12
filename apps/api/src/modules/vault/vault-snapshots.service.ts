import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { holdings, vaultValueSnapshots } from '../../db/schema/index.js';
import { heldItemOf, heldItems, inCustody } from './vault.reads.js';

/** How often each instance refreshes today's snapshots: the last refresh of a day is its close. */
export const SNAPSHOT_EVERY_MS = 60 * 60 * 1000;

/**
 * Writes every collector's custody value, cost and cards for the UTC day `day`: one row per
 * collector and day, replaced when taken again, so any instance may run it any number of times.
 * One statement, so the totals and their rows are one snapshot of the holdings.
 */
export async function snapshotVaults(
  db: Db,
  day = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const card = heldItems(db);
  await db
    .insert(vaultValueSnapshots)
    .select(
      db
        .select({
          userId: holdings.userId,
          day: sql<string>`${day}::date`.as('day'),
          valueCents: sql<number>`coalesce(sum(${card.fmvCents}), 0)`.as('value_cents'),
          costCents: sql<number>`coalesce(sum(${holdings.costCents}), 0)`.as('cost_cents'),
          cards: sql<number>`count(*)::int`.as('cards'),
          takenAt: sql<Date>`now()`.as('taken_at'),
        })
        .from(holdings)
        .innerJoin(card, heldItemOf(card))
        .where(inCustody())
        .groupBy(holdings.userId),
    )
    .onConflictDoUpdate({
      target: [vaultValueSnapshots.userId, vaultValueSnapshots.day],
      set: {
        valueCents: sql`excluded.value_cents`,
        costCents: sql`excluded.cost_cents`,
        cards: sql`excluded.cards`,
        takenAt: sql`now()`,
      },
    });
}
