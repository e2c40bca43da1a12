import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { cards, mailOutbox, shipments, walletLedger } from '../../db/schema/index.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

describe(`store checkout (${testEngine})`, () => {
  let t: TestApp;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createUser(t);
  });
  afterAll(() => t.close());

  const order = (user: TestUser, body: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const balance = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: user.headers })).json().balance as number;

  it('buys two cards: debits the wallet with the shipping fee, sells the cards, books a 48-hour shipment', async () => {
    await fund(t.database, buyer.id, 50_000);
    const a = await insertCard(t.database.db, { storePriceCents: 12_050 });
    const b = await insertCard(t.database.db, { storePriceCents: 7_500, imageIds: ['img-b'] });
    const before = Date.now();
    const res = await order(buyer, { items: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(201);
    const { order: placed } = res.json();
    // Two cards insured for $200 (under the free threshold): $5.00 + $1.00 of shipping.
    expect(placed).toMatchObject({
      total: 201.5,
      shippingFee: 6,
      delivery: 'ship',
      status: 'paid',
      shippingAddress: TEST_ADDRESS,
      items: [
        { cardId: a.id, price: 120.5 },
        { cardId: b.id, price: 75, imageUrl: '/api/images/img-b' },
      ],
      shipment: { status: 'pending', trackingNumber: null },
    });
    const shipBy = new Date(placed.shipBy).getTime() - new Date(placed.paidAt).getTime();
    expect(shipBy).toBe(48 * 3_600_000);
    expect(new Date(placed.paidAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await balance(buyer)).toBe(298.5);

    const [card] = await t.database.db.select().from(cards).where(eq(cards.id, a.id));
    expect(card!.status).toBe('sold');
    // The cards ship from the vault in one box.
    const ship = await t.database.db.select().from(shipments).where(eq(shipments.userId, buyer.id));
    expect(ship).toHaveLength(1);
    expect(ship[0]).toMatchObject({
      sourceType: 'vault',
      feeCents: 600,
      insuredValueCents: 20_000,
    });

    // Sold cards leave the store and the product page says so.
    const store = await t.app.inject({ url: '/api/products/store-items' });
    expect(store.json().products.map((p: { _id: string }) => p._id)).not.toContain(a.id);
    expect((await t.app.inject({ url: `/api/products/${a.id}` })).json().status).toBe('sold');

    const wallet = (await t.app.inject({ url: '/api/wallet', headers: buyer.headers })).json();
    expect(wallet.entries[0]).toMatchObject({
      amount: -201.5,
      balanceAfter: 298.5,
      kind: 'order',
      refId: placed._id,
    });

    const list = (await t.app.inject({ url: '/api/orders', headers: buyer.headers })).json();
    expect(list.total).toBe(1);
    expect(list.orders[0]._id).toBe(placed._id);
    const one = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: buyer.headers });
    expect(one.json().order).toEqual(placed);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, buyer.email));
    expect(mail!.subject).toBe('Order confirmed: 2 cards');
    expect(mail!.text).toContain('Shipping: $6.00');
    expect(mail!.text).toContain('Total: $201.50');
    expect(mail!.text).toContain('Ships within 48 hours');
  });

  it('answers 402 with the shortfall (shipping included) and writes nothing', async () => {
    const poor = await createUser(t);
    await fund(t.database, poor.id, 1_000);
    const card = await insertCard(t.database.db, { storePriceCents: 2_550 });
    const res = await order(poor, { items: [card.id] });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      message: 'Not enough balance: add $20.50 to continue.',
      error: 'Payment Required',
      shortfall: 20.5,
      balance: 10,
    });
    expect(await balance(poor)).toBe(10);
    const [after] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(after!.status).toBe('available');
    const orders = (await t.app.inject({ url: '/api/orders', headers: poor.headers })).json();
    expect(orders.total).toBe(0);
  });

  it('answers 409 naming a card sold meanwhile, and charges nothing', async () => {
    const other = await createUser(t);
    await fund(t.database, other.id, 100_000);
    const free = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const sold = await insertCard(t.database.db, {
      name: 'Already Gone Rookie',
      status: 'sold',
    });
    const res = await order(other, { items: [free.id, sold.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Sorry, "Already Gone Rookie" has just been sold.',
      error: 'Conflict',
      cardId: sold.id,
    });
    expect(await balance(other)).toBe(1000);
    const [still] = await t.database.db.select().from(cards).where(eq(cards.id, free.id));
    expect(still!.status).toBe('available');

    const inCase = await insertCard(t.database.db, { name: 'Case Grail', status: 'in_case' });
    const caseRes = await order(other, { items: [inCase.id] });
    expect(caseRes.statusCode).toBe(409);
    expect(caseRes.json().message).toBe('"Case Grail" is not for sale.');
  });

  it('replays the first answer for the same key and charges once; 422 for another body', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    // $40.00 and the first card's $5.00 of shipping.
    const card = await insertCard(t.database.db, { storePriceCents: 4_000 });
    const key = `order-${randomUUID()}`;
    const first = await order(user, { items: [card.id] }, key);
    const second = await order(user, { items: [card.id] }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balance(user)).toBe(55);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(1);

    const other = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const reused = await order(user, { items: [other.id] }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(
      'This Idempotency-Key was already used with a different request.',
    );
    expect(await balance(user)).toBe(55);
  });

  it('creates one order for parallel requests with one key', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const card = await insertCard(t.database.db, { storePriceCents: 3_000 });
    const key = `parallel-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => order(user, { items: [card.id] }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().order._id)).size).toBe(1);
    expect(await balance(user)).toBe(65);
    const list = (await t.app.inject({ url: '/api/orders', headers: user.headers })).json();
    expect(list.total).toBe(1);
  });

  describe('refuses an order that breaks a rule, and charges nothing', () => {
    it('without the Idempotency-Key header (400)', async () => {
      const card = await insertCard(t.database.db);
      const res = await order(buyer, { items: [card.id] }, null);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The Idempotency-Key header is required.');
    });

    it('with no items (400 on the items field)', async () => {
      const res = await order(buyer, { items: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('items');
    });

    it('with the same card listed twice (400)', async () => {
      const card = await insertCard(t.database.db);
      const res = await order(buyer, { items: [card.id, card.id] });
      expect(res.statusCode).toBe(400);
    });

    it('from a buyer whose email is not verified (403)', async () => {
      const card = await insertCard(t.database.db);
      const unverified = await createUser(t, { verified: false });
      const res = await order(unverified, { items: [card.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please verify your email address before buying.');
    });

    it('from a buyer whose profile is incomplete (403)', async () => {
      const card = await insertCard(t.database.db);
      const incomplete = await createUser(t, { completeProfile: false });
      const res = await order(incomplete, { items: [card.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Profile incomplete');
    });

    it('from a visitor who is not signed in (401)', async () => {
      const card = await insertCard(t.database.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { items: [card.id] },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it("hides another user's order behind 404; an admin may see it", async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 5_000);
    const card = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const placed = (await order(user, { items: [card.id] })).json().order;
    const stranger = await createUser(t);
    const res = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Order not found', error: 'Not Found' });
    const list = (await t.app.inject({ url: '/api/orders', headers: stranger.headers })).json();
    expect(list.orders).toEqual([]);
    const admin = await createUser(t, { role: 'admin' });
    const seen = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: admin.headers });
    expect(seen.statusCode).toBe(200);
  });

  it('uses a shipping address given at checkout instead of the profile one', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 5_000);
    const card = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const address = { ...TEST_ADDRESS, line1: '99 Other Road', city: 'Seattle', state: 'WA' };
    const res = await order(user, { items: [card.id], shippingAddress: address });
    expect(res.json().order.shippingAddress).toEqual(address);
    const bad = await order(user, {
      items: [card.id],
      shippingAddress: { ...address, country: 'USA' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('shippingAddress.country');
  });

  it('keeps a cart per user, flags sold cards, and empties bought ones', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 5_000);
    const a = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const b = await insertCard(t.database.db, { storePriceCents: 1_000 });
    const gone = await insertCard(t.database.db, { status: 'sold' });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: user.headers,
      payload: { items: [a.id, b.id, gone.id, randomUUID()] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().items.map((i: { _id: string; status: string }) => [i._id, i.status])).toEqual(
      [
        [a.id, 'available'],
        [b.id, 'available'],
        [gone.id, 'sold'],
      ],
    );
    await order(user, { items: [a.id] });
    const cart = (await t.app.inject({ url: '/api/cart', headers: user.headers })).json();
    expect(cart.items.map((i: { _id: string }) => i._id)).toEqual([b.id, gone.id]);
    const stranger = await createUser(t);
    const theirs = (await t.app.inject({ url: '/api/cart', headers: stranger.headers })).json();
    expect(theirs.items).toEqual([]);
  });

  it('keeps a card listed twice in the cart once, where it first appears', async () => {
    const user = await createUser(t);
    const a = await insertCard(t.database.db);
    const b = await insertCard(t.database.db);
    const put = (items: string[]) =>
      t.app.inject({ method: 'PUT', url: '/api/cart', headers: user.headers, payload: { items } });
    const twice = await put([a.id, b.id, a.id, a.id]);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().items.map((i: { _id: string }) => i._id)).toEqual([a.id, b.id]);
    // Two replacements at once (a double click) both succeed; the cart is one of them.
    const [first, second] = await Promise.all([put([b.id, b.id]), put([a.id, b.id])]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const cart = (await t.app.inject({ url: '/api/cart', headers: user.headers })).json();
    expect([[b.id], [a.id, b.id]]).toContainEqual(cart.items.map((i: { _id: string }) => i._id));
  });

  it.each(['0x0a', '1e1', '+10', '10.0', ''])(
    'refuses page size %j (query numbers are plain digits) naming limit',
    async (limit) => {
      const res = await t.app.inject({
        url: `/api/orders?limit=${encodeURIComponent(limit)}`,
        headers: buyer.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'limit' });
      expect(res.json().message).toContain('limit');
    },
  );

  it('keeps the ledger and the balance in agreement', async () => {
    const rows = await t.database.db
      .select({
        userId: walletLedger.userId,
        sum: sql<number>`sum(${walletLedger.amountCents})::int`,
      })
      .from(walletLedger)
      .groupBy(walletLedger.userId);
    for (const row of rows) {
      expect(await t.app.services.wallet.balance(row.userId)).toBe(row.sum);
    }
  });
});
