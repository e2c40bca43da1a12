import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { marketAccessFreezes } from '../../db/schema/index.js';
import { forbidden } from '../../errors.js';

/** 403 when staff froze the collector's market access (listing, buying, offers and trades). */
export async function assertMarketAccess(db: Db | Tx, userId: string): Promise<void> {
  const [frozen] = await db
    .select({ userId: marketAccessFreezes.userId })
    .from(marketAccessFreezes)
    .where(eq(marketAccessFreezes.userId, userId));
  if (frozen) throw accessPaused();
}

export const accessPaused = () =>
  forbidden('Your marketplace access is paused. Contact support to find out why.');

/** SQL: true when staff froze the market access of `user` (SQL: a literal or a parameter). */
export const accessFrozen = (user: string) =>
  `exists (select 1 from market_access_freezes where user_id = ${user})`;
