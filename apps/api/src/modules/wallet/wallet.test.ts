import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

/* The wallet's statement: every movement with the balance after it, filtered by kind. */
describe(`wallet statement (${testEngine})`, () => {
  let t: TestApp;
  let collector: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    collector = await createUser(t);
    stranger = await createUser(t);
    await fund(t.database, collector.id, 10_000);
    await fund(t.database, stranger.id, 5_000);
    for (const cents of [1_500, 2_500]) {
      const card = await insertCard(t.database.db, { storePriceCents: cents });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...collector.headers, 'idempotency-key': randomUUID() },
        // Kept in the vault: one ledger line of the price alone.
        payload: { items: [card.id], delivery: 'vault' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: collector.headers,
      payload: { amount: 20 },
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${topUp.json().topUpId}/confirm`,
      headers: collector.headers,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  const statement = (who: TestUser, query = '') =>
    t.app.inject({ url: `/api/wallet${query}`, headers: who.headers });

  it('lists every movement, newest first, each with the balance after it', async () => {
    const res = await statement(collector);
    expect(res.statusCode).toBe(200);
    const { balance, entries, total } = res.json() as {
      balance: number;
      entries: LedgerEntry[];
      total: number;
    };
    expect(entries.map((e) => e.kind)).toEqual(['top_up', 'order', 'order', 'adjustment']);
    expect(total).toBe(4);
    expect(balance).toBe(80);
    expect(entries.map((e) => e.balanceAfter)).toEqual([80, 60, 85, 100]);
    // Each balance is the one before it plus the movement.
    for (const [i, e] of entries.slice(0, -1).entries()) {
      expect(Math.round((e.balanceAfter - e.amount) * 100)).toBe(
        Math.round(entries[i + 1]!.balanceAfter * 100),
      );
    }
  });

  it('filters by one kind or several, counting only those', async () => {
    const orders = (await statement(collector, '?kind=order')).json();
    expect(orders.entries.map((e: LedgerEntry) => e.kind)).toEqual(['order', 'order']);
    expect(orders.total).toBe(2);
    const money = (await statement(collector, '?kind=top_up,adjustment')).json();
    expect(money.entries.map((e: LedgerEntry) => e.kind)).toEqual(['top_up', 'adjustment']);
    expect(money.total).toBe(2);
    const none = (await statement(collector, '?kind=buyback')).json();
    expect(none).toMatchObject({ entries: [], total: 0, balance: 80 });
  });

  it('never shows another collector’s movements', async () => {
    const theirs = (await statement(stranger, '?kind=order,adjustment')).json();
    expect(theirs.entries).toHaveLength(1);
    expect(theirs.entries[0]).toMatchObject({ kind: 'adjustment', amount: 50 });
  });

  it('refuses an unknown kind, naming the parameter', async () => {
    for (const query of ['?kind=bitcoin', '?kind=', '?kind=order,,pack', '?kind=ORDER']) {
      const res = await statement(collector, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain('kind');
    }
  });
});
