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
