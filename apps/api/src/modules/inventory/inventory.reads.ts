import { asc, ilike, inArray, or, type SQL } from 'drizzle-orm';
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

type CardRow = typeof cards.$inferSelect;

/** The cards with these ids, by id (unknown ids are absent). */
export async function cardsByIds(db: Db | Tx, ids: string[]): Promise<Map<string, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(cards).where(inArray(cards.id, ids));
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * SQL for the pack purchase's draw statement: marks the card drawn from `source` (whose column
 * `card_id` names it) pulled, if it is still in its case, and returns `source`'s columns with
 * the card's name, grading, images and FMV.
 */
export const markPulled = (
  source: string,
) => `update cards set status = 'pulled', updated_at = now()
      from ${source}
      where cards.id = ${source}.card_id and cards.status = 'in_case'
      returning ${source}.*, cards.name, cards.grader, cards.grade, cards.cert_number,
        cards.image_ids, cards.fmv_cents`;

/** `text` as an ILIKE pattern that matches it anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The card search of the store and the staff's inventory: the text anywhere in the name, player,
 * set or team, and with `certNumber` in the cert number too. PGlite has no pg_trgm, so (one
 * dialect) this is an ILIKE filter; a trigram index is the server-only upgrade.
 */
export function cardSearch(text: string, opts: { certNumber?: boolean } = {}): SQL {
  const pattern = likePattern(text);
  return or(
    ilike(cards.name, pattern),
    ilike(cards.player, pattern),
    ilike(cards.setName, pattern),
    ilike(cards.team, pattern),
    ...(opts.certNumber ? [ilike(cards.certNumber, pattern)] : []),
  )!;
}

/** SQL: the FMV in cents of card `cardId` (SQL). */
export const cardFmvCents = (cardId: string) =>
  `(select fmv_cents from cards where id = ${cardId})`;

/**
 * The cards of a store order, locked in id order inside the order's transaction, so two orders
 * sharing cards never deadlock: a loser waits, then sees them sold.
 */
export function lockCardsForSale(tx: Tx, ids: string[]) {
  return tx.select().from(cards).where(inArray(cards.id, ids)).orderBy(asc(cards.id)).for('update');
}
