import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';

/**
 * The store's checkout locks the cards it sells until its transaction ends, in id order, so two
 * orders sharing cards never deadlock: a loser waits, then sees them sold.
 */
export function lockCardsForSale(tx: Tx, ids: string[]) {
  return tx.select().from(cards).where(inArray(cards.id, ids)).orderBy(asc(cards.id)).for('update');
}

/** The cards are sold (the checkout that locked them calls this in its transaction). */
export async function markCardsSold(tx: Tx, ids: string[]): Promise<void> {
  await tx
    .update(cards)
    .set({ status: 'sold', updatedAt: new Date() })
    .where(inArray(cards.id, ids));
}
