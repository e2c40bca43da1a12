import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';

export type CardSeed = Partial<typeof cards.$inferInsert>;

/** Inserts a store card (graded PSA 10, $100 FMV, $120 price unless told otherwise). */
export async function insertCard(db: Db, overrides: CardSeed = {}) {
  const tag = randomBytes(3).toString('hex');
  const [row] = await db
    .insert(cards)
    .values({
      name: `2018 Topps Chrome Test Card ${tag}`,
      player: 'Test Player',
      year: 2018,
      setName: 'Topps Chrome',
      cardNumber: '1',
      sport: 'Baseball',
      team: 'Test Team',
      grader: 'PSA',
      grade: '10',
      gradeValue: 10,
      certNumber: `${Date.now()}`.slice(-8),
      fmvCents: 10_000,
      storePriceCents: 12_000,
      ...overrides,
    })
    .returning();
  return row!;
}
