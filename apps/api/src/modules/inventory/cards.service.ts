import { and, asc, eq, inArray, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';

/**
 * The writes other modules ask of the cards: the catalogue's upkeep, cases, sell-backs, store
 * sales, the demo.
 */

type CardRow = typeof cards.$inferSelect;

/**
 * Puts these cards into a case (status in_case) if each is available and not among `inCases`
 * (a subquery of the card ids any case holds); returns the ids it took.
 */
export async function takeCardsForCase(tx: Tx, ids: string[], inCases: SQLWrapper) {
  const taken = await tx
    .update(cards)
    .set({ status: 'in_case', updatedAt: sql`now()` })
    .where(
      and(inArray(cards.id, ids), eq(cards.status, 'available'), notInArray(cards.id, inCases)),
    )
    .returning({ id: cards.id });
  return taken.map((r) => r.id);
}

/** Cards a case no longer holds go back to inventory (those still in_case among `ids`). */
export async function releaseCardsFromCase(tx: Tx, ids: string[] | SQLWrapper): Promise<void> {
  await tx
    .update(cards)
    .set({ status: 'available', updatedAt: sql`now()` })
    .where(and(eq(cards.status, 'in_case'), inArray(cards.id, ids)));
}

/** Adds a card as given; returns it. */
export async function insertCard(db: Db | Tx, card: typeof cards.$inferInsert): Promise<CardRow> {
  const [row] = await db.insert(cards).values(card).returning();
  return row!;
}

/** A pulled card sold back: it returns to inventory, and stays out of future cases. */
export async function returnPulledCard(tx: Tx, cardId: string): Promise<void> {
  await tx
    .update(cards)
    .set({ status: 'available', updatedAt: sql`now()` })
    .where(eq(cards.id, cardId));
}

/** Changes card `id`; undefined for no such card. */
export async function updateCard(
  db: Db | Tx,
  id: string,
  changes: Partial<typeof cards.$inferInsert>,
): Promise<CardRow | undefined> {
  const [row] = await db.update(cards).set(changes).where(eq(cards.id, id)).returning();
  return row;
}

/** Deletes card `id` (the database refuses while an order or a case refers to it). */
export async function deleteCard(db: Db | Tx, id: string): Promise<void> {
  await db.delete(cards).where(eq(cards.id, id));
}

/** Adds an image to card `id`; undefined for no such card. */
export async function appendCardImage(
  db: Db | Tx,
  id: string,
  imageId: string,
): Promise<CardRow | undefined> {
  const [row] = await db
    .update(cards)
    .set({ imageIds: sql`array_append(${cards.imageIds}, ${imageId})`, updatedAt: new Date() })
    .where(eq(cards.id, id))
    .returning();
  return row;
}

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
