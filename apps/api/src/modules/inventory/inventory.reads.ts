import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
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

/** Available cards not among `excluded` (a subquery of card ids), highest FMV first. */
export function availableCardsExcept(db: Db | Tx, excluded: SQLWrapper, limit: number) {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.status, 'available'), notInArray(cards.id, excluded)))
    .orderBy(desc(cards.fmvCents))
    .limit(limit);
}

/** How many cards there are, whatever their status. */
export async function cardCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cards);
  return row?.n ?? 0;
}
