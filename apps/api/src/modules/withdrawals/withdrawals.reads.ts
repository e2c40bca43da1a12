import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { payoutMethods } from '../../db/schema/index.js';

/** What other modules read of withdrawals (the withdrawals module alone writes them). */

/** True when the two accounts saved the same bank account or PayPal address to be paid to. */
export async function sharedPayoutAccount(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ users: sql<number>`count(distinct ${payoutMethods.userId})::int` })
    .from(payoutMethods)
    .where(and(inArray(payoutMethods.userId, [a, b]), isNotNull(payoutMethods.fingerprint)))
    .groupBy(payoutMethods.fingerprint)
    .orderBy(sql`count(distinct ${payoutMethods.userId}) desc`)
    .limit(1);
  return (row?.users ?? 0) > 1;
}
