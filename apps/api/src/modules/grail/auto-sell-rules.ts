import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { autoSellRules } from '../../db/schema/index.js';

/*
 * Each collector's auto-sell rule (decision 031): remembered here so the buy dialog shows it every
 * time; a purchase applies the threshold its request carries.
 */

/** The collector's threshold in cents, or null when they have no rule. */
export async function autoSellRuleOf(db: Db | Tx, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ belowCents: autoSellRules.belowCents })
    .from(autoSellRules)
    .where(eq(autoSellRules.userId, userId));
  return row?.belowCents ?? null;
}

/** Sets the collector's threshold, or with null removes their rule. */
export async function saveAutoSellRule(
  db: Db | Tx,
  userId: string,
  belowCents: number | null,
): Promise<void> {
  if (belowCents === null) {
    await db.delete(autoSellRules).where(eq(autoSellRules.userId, userId));
    return;
  }
  await db
    .insert(autoSellRules)
    .values({ userId, belowCents })
    .onConflictDoUpdate({
      target: autoSellRules.userId,
      set: { belowCents, updatedAt: sql`now()` },
    });
}
