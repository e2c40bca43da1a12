import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

describe(`a visitor's cart merged at sign-in (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const merge = (user: TestUser, items: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: user.headers,
      payload: { items },
    });
  const setCart = (user: TestUser, items: string[]) =>
    t.app.inject({ method: 'PUT', url: '/api/cart', headers: user.headers, payload: { items } });
  const ids = (items: { _id: string }[]) => items.map((i) => i._id);

  it("adds the visitor's cards after the account's, each card once", async () => {
    const collector = await createUser(t);
    const held = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const a = await insertCard(t.database.db, { storePriceCents: 2_000 });
    const b = await insertCard(t.database.db, { storePriceCents: 3_000 });
    expect((await setCart(collector, [held.id])).statusCode).toBe(200);

    // The visitor had a card the account already holds, one card twice, and one more.
    const res = await merge(collector, [held.id, a.id, a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json().items)).toEqual([held.id, a.id, b.id]);
    expect(res.json().dropped).toEqual([]);

    // Merging the same cart again (a second tab signing in) changes nothing.
    const again = await merge(collector, [a.id, b.id]);
    expect(ids(again.json().items)).toEqual([held.id, a.id, b.id]);
    const cart = (await t.app.inject({ url: '/api/cart', headers: collector.headers })).json();
    expect(ids(cart.items)).toEqual([held.id, a.id, b.id]);
  });

  it('names and leaves out a card another collector bought in between', async () => {
    const collector = await createUser(t);
    const rival = await createUser(t);
    const kept = await insertCard(t.database.db, { name: 'Kept Card', storePriceCents: 1_500 });
    const taken = await insertCard(t.database.db, { name: 'Taken Card', storePriceCents: 1_500 });
    const offSale = await insertCard(t.database.db, {
      name: 'Not For Sale',
      storePriceCents: null,
    });

    // While the visitor browsed, someone else bought one of the cards in their cart.
    await fund(t.database, rival.id, 5_000);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...rival.headers, 'idempotency-key': randomUUID() },
      payload: { items: [taken.id] },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const res = await merge(collector, [kept.id, taken.id, offSale.id, randomUUID()]);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json().items)).toEqual([kept.id]);
    expect(res.json().dropped).toEqual([
      { _id: taken.id, name: 'Taken Card' },
      { _id: offSale.id, name: 'Not For Sale' },
    ]);
  });

  it("touches only the caller's cart and needs a signed-in caller", async () => {
    const collector = await createUser(t);
    const stranger = await createUser(t);
    const card = await insertCard(t.database.db, { storePriceCents: 1_000 });
    await merge(collector, [card.id]);
    const theirs = (await t.app.inject({ url: '/api/cart', headers: stranger.headers })).json();
    expect(theirs.items).toEqual([]);

    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { items: [card.id] },
    });
    expect([401, 403]).toContain(visitor.statusCode);
    expect(visitor.json()).toMatchObject({
      message: expect.any(String),
      error: expect.any(String),
    });
  });

  it('refuses a malformed cart with a plain message', async () => {
    const collector = await createUser(t);
    const res = await merge(collector, ['not-a-card'] as string[]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), error: 'Bad Request' });
  });
});
