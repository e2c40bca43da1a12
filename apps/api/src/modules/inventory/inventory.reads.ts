import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';

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
