import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pulls } from '../../db/schema/index.js';
import { cardsByIds } from '../inventory/inventory.reads.js';

/** What is in each claimed pull's box, by pull id: the pulled card's name. */
export async function pullItemNames(
  db: Db | Tx,
  pullIds: string[],
): Promise<Map<string, string[]>> {
  if (pullIds.length === 0) return new Map();
  const rows = await db
    .select({ id: pulls.id, cardId: pulls.cardId })
    .from(pulls)
    .where(inArray(pulls.id, pullIds));
  const cards = await cardsByIds(
    db,
    rows.map((r) => r.cardId),
  );
  return new Map(
    rows.flatMap((r) => {
      const card = cards.get(r.cardId);
      return card ? [[r.id, [card.name]] as const] : [];
    }),
  );
}
