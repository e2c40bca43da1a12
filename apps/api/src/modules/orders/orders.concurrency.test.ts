import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { orderItems, orders, walletLedger } from '../../db/schema/index.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

const BUYERS = 50;

// On PostgreSQL the 50 requests run on parallel pool connections and really contend for the row
// lock; PGlite runs one statement at a time, so there it is a correctness run of the same code.
describe(`${BUYERS} buyers race for one card (${testEngine})`, () => {
  let t: TestApp;
  let buyers: TestUser[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await createUser(t);
      await fund(t.database, user.id, 100_000);
      buyers.push(user);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('sells it exactly once: one order, 49 × 409, losers keep their money, ledgers agree', async () => {
    const card = await insertCard(t.database.db, {
      name: 'The One Grail',
      storePriceCents: 25_000,
    });
    const answers = await Promise.all(
      buyers.map((buyer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
          payload: { items: [card.id] },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - 1);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json().message).toBe('Sorry, "The One Grail" has just been sold.');
    }

    const winner = buyers[codes.indexOf(201)]!;
    const db = t.database.db;
    expect(await db.select().from(orders)).toHaveLength(1);
    expect(await db.select().from(orderItems).where(eq(orderItems.cardId, card.id))).toHaveLength(
      1,
    );
    for (const buyer of buyers) {
      const balance = await t.app.services.wallet.balance(buyer.id);
      // The winner paid the card's $250.00 and the first card's $5.00 of shipping.
      expect(balance).toBe(buyer === winner ? 74_500 : 100_000);
      const [ledger] = await db
        .select({ sum: sql<number>`sum(${walletLedger.amountCents})::int` })
        .from(walletLedger)
        .where(eq(walletLedger.userId, buyer.id));
      expect(ledger!.sum).toBe(balance);
    }
  }, 120_000);
});
