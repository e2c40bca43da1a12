import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';

/** What other modules read of the cards (inventory alone writes them). */

/** The name and FMV of each of these cards. */
export async function cardNamesAndFmv(db: Db | Tx, cardIds: string[]) {
  if (!cardIds.length) return [];
  return db
    .select({ id: cards.id, name: cards.name, fmvCents: cards.fmvCents })
    .from(cards)
    .where(inArray(cards.id, [...new Set(cardIds)]));
}
