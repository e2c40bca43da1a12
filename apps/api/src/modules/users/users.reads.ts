import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, type ShippingAddress } from '../../db/schema/index.js';

/** What other modules show of a user: the name (and whether pulls hide it), where mail and boxes go. */
export interface UserCard {
  id: string;
  username: string;
  email: string;
  anonymous: boolean;
  shippingAddress: ShippingAddress | null;
}

/** These users by id; an id with no user is absent from the map. */
export async function usersByIds(
  ids: readonly string[],
  db: Db | Tx,
): Promise<Map<string, UserCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      anonymous: users.pullsAnonymous,
      shippingAddress: users.shippingAddress,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** One user, or undefined. */
export async function userById(id: string, db: Db | Tx): Promise<UserCard | undefined> {
  return (await usersByIds([id], db)).get(id);
}

/**
 * Locks the user's row until `tx` ends: commands of one user that must not interleave (two cart
 * replacements at once) take it first.
 */
export async function lockUser(id: string, tx: Tx): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
