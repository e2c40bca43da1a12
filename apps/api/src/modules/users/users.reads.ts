import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

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
 * SQL for the one-round-trip pack purchase: the user `user` (SQL: a literal or parameter) as a
 * row of id and client seed, or no row when disabled.
 */
export const activeUserRow = (user: string) =>
  `(select id, client_seed from users where id = ${user} and disabled_at is null)`;
