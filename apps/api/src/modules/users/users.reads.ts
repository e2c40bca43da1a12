import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** What other modules read of accounts (the users module alone writes them). */

export type UserRow = typeof users.$inferSelect;

/** One account, or undefined. */
export async function userById(db: Db | Tx, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** These accounts by id (for their names, e-mail and shipping address); unknown ids are absent. */
export async function usersByIds(db: Db | Tx, userIds: string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((u) => [u.id, u]));
}

/** How collectors are named on pulls others see: their username, unless they chose anonymity. */
export async function publicNamesOf(
  db: Db | Tx,
  userIds: string[],
): Promise<Map<string, { username: string; anonymous: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, anonymous: users.pullsAnonymous })
    .from(users)
    .where(userIds.length === 1 ? eq(users.id, userIds[0]!) : inArray(users.id, userIds));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/**
 * Locks the account's row until `tx` ends: commands of one collector that must not interleave
 * (two cart replacements at once) take it first.
 */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
