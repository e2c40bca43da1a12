import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { holdings, vaultValueSnapshots } from '../../db/schema/index.js';
import { heldItemOf, heldItems, inCustody } from './vault.reads.js';

/** How often each instance refreshes today's snapshots: the last refresh of a day is its close. */
export const SNAPSHOT_EVERY_MS = 60 * 60 * 1000;

/**
 * Writes every collector's custody value, cost and cards for the UTC day `day`: one row per
 * collector and day, replaced when taken again, so any instance may run it any number of times.
 * Answers how many collectors it wrote.
 */
export async function snapshotVaults(
  db: Db,
  day = new Date().toISOString().slice(0, 10),
): Promise<number> {
  const card = heldItems(db);
  const rows = await db
    .select({
      userId: holdings.userId,
      valueCents: sql<string>`coalesce(sum(${card.fmvCents}), 0)`,
      costCents: sql<string>`coalesce(sum(${holdings.costCents}), 0)`,
      cards: sql<number>`count(*)::int`,
    })
    .from(holdings)
    .innerJoin(card, heldItemOf(card))
    .where(inCustody())
    .groupBy(holdings.userId);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(vaultValueSnapshots)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          userId: r.userId,
          day,
          valueCents: Number(r.valueCents),
          costCents: Number(r.costCents),
          cards: Number(r.cards),
        })),
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
  return rows.length;
}
