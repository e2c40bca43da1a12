import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

describe(`a product page's references: FMV source and date, cards sold (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  const product = async (id: string): Promise<Product> =>
    (await t.app.inject({ url: `/api/products/${id}` })).json();
  const patch = (id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${id}`,
      headers: admin.headers,
      payload,
    });

  it('shows where the FMV comes from and when it was set, on the product and in the store', async () => {
    const card = await insertCard(t.database.db, { fmvSource: 'PSA auction prices' });
    const shown = await product(card.id);
    expect(shown.fmvSource).toBe('PSA auction prices');
    expect(Date.parse(shown.fmvUpdatedAt)).toBe(card.fmvUpdatedAt.getTime());
    const store = await t.app.inject({ url: '/api/products/store-items?limit=100' });
    const listed = (store.json().products as Product[]).find((p) => p._id === card.id);
    expect(listed).toMatchObject({ fmvSource: 'PSA auction prices' });
    // A card entered without a source says what the demo data and older cards rest on.
    expect((await product((await insertCard(t.database.db)).id)).fmvSource).toBe('Recent sales');
  });

  it('moves the date when the FMV changes, not when anything else does', async () => {
    const card = await insertCard(t.database.db, {
      fmvUpdatedAt: new Date('2026-01-02T03:04:05Z'),
    });
    expect((await patch(card.id, { name: 'Renamed card' })).statusCode).toBe(200);
    expect((await product(card.id)).fmvUpdatedAt).toBe('2026-01-02T03:04:05.000Z');
    expect((await patch(card.id, { fmv: 100 })).statusCode).toBe(200);
    expect((await product(card.id)).fmvUpdatedAt).toBe('2026-01-02T03:04:05.000Z');
    const before = Date.now();
    expect((await patch(card.id, { fmv: 150.5 })).statusCode).toBe(200);
    const moved = await product(card.id);
    expect(moved.fmv).toBe(150.5);
    expect(Date.parse(moved.fmvUpdatedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lists cards of the same player sold in the store, with price and date and no buyer', async () => {
    const player = `Comparable Player ${Date.now()}`;
    const shown = await insertCard(t.database.db, { player });
    const sold = await insertCard(t.database.db, { player, storePriceCents: 8_500 });
    const otherPlayer = await insertCard(t.database.db, { storePriceCents: 9_000 });
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 100_000);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.headers, 'idempotency-key': `comparables-${Date.now()}` },
      payload: { items: [sold.id, otherPlayer.id] },
    });
    expect(order.statusCode, order.body).toBe(201);

    const res = await t.app.inject({ url: `/api/products/${shown.id}/sold-comparables` });
    expect(res.statusCode).toBe(200);
    const { sold: list } = res.json() as { sold: { _id: string; price: number }[] };
    expect(list).toEqual([
      expect.objectContaining({ _id: sold.id, price: 85, soldAt: expect.any(String) }),
    ]);
    expect(res.body).not.toContain(buyer.id);
    expect(res.body).not.toContain(buyer.username);
    // The sold card itself does not list itself.
    const own = await t.app.inject({ url: `/api/products/${sold.id}/sold-comparables` });
    expect(own.json().sold).toEqual([]);
    const missing = await t.app.inject({
      url: '/api/products/00000000-0000-4000-8000-000000000000/sold-comparables',
    });
    expect(missing.statusCode).toBe(404);
  });
});
