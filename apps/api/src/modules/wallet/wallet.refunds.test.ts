import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { buySpots, openBreak, staffCommand, BREAKS_ON } from '../../../test/fixtures/breaks.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { walletLedger } from '../../db/schema/index.js';

/**
 * A refund gives each part of a payment back where it came from (decision 026): the debit records
 * its store-credit part, the refund names the debit and returns that part as store credit.
 */
describe(`refunds return store credit as store credit (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  let keys = 0;

  const post = (who: TestUser, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, 'idempotency-key': `refund-key-${++keys}` },
      ...(payload ? { payload } : {}),
    });
  const partsOf = (user: TestUser) => t.app.services.wallet.parts(user.id);
  const entriesOf = (user: TestUser) =>
    t.database.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.userId, user.id))
      .orderBy(asc(walletLedger.id));
  /** A store card bought into `user`'s vault: its holding id. */
  const cardInVault = async (user: TestUser) => {
    const card = await insertCard(t.database.db, { fmvCents: 2_000, storePriceCents: 1_000 });
    const res = await post(user, '/api/orders', { items: [card.id], delivery: 'vault' });
    expect(res.statusCode, res.body).toBe(201);
    const vault = await t.app.inject({ url: '/api/vault', headers: user.headers });
    return vault.json().holdings[0]._id as string;
  };
  const ship = async (user: TestUser, holdingId: string) => {
    const res = await post(user, '/api/vault/shipments', {
      holdingIds: [holdingId],
      shippingAddress: TEST_ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().shipment._id as string;
  };
  const cancel = async (user: TestUser, boxId: string) => {
    const res = await post(user, `/api/vault/shipments/${boxId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('a fee paid with store credit only comes back as store credit; cash stays 0', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 2_000, 'credit');
    const holdingId = await cardInVault(user);
    expect(await partsOf(user)).toMatchObject({ balance: 1_000, credit: 1_000, cash: 0 });
    const boxId = await ship(user, holdingId);
    expect(await partsOf(user)).toMatchObject({ balance: 500, credit: 500, cash: 0 });

    expect(await cancel(user, boxId)).toMatchObject({ refunded: 5, balance: 10 });
    expect(await partsOf(user)).toMatchObject({ balance: 1_000, credit: 1_000, cash: 0 });
    const [, , fee, refund] = await entriesOf(user);
    expect(fee).toMatchObject({ kind: 'shipping', amountCents: -500, storeCreditCents: -500 });
    expect(refund).toMatchObject({
      kind: 'refund',
      amountCents: 500,
      storeCreditCents: 500,
      refundOf: fee!.id,
    });
  });

  it('a fee paid partly with store credit returns each part where it came from', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 1_000);
    const holdingId = await cardInVault(user);
    await fund(t.database, user.id, 300, 'credit');
    await fund(t.database, user.id, 1_000);
    expect(await partsOf(user)).toMatchObject({ credit: 300, cash: 1_000 });
    const boxId = await ship(user, holdingId);
    expect(await partsOf(user)).toMatchObject({ credit: 0, cash: 800 });

    await cancel(user, boxId);
    expect(await partsOf(user)).toMatchObject({ credit: 300, cash: 1_000, withdrawable: 1_000 });
    // Shipped and cancelled again: the second box's fee is its own payment, refunded by itself.
    const again = await ship(user, holdingId);
    await cancel(user, again);
    expect(await partsOf(user)).toMatchObject({ credit: 300, cash: 1_000 });
  });

  it("a box shipped at checkout refunds its fee from the order's payment", async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 1_200, 'credit');
    await fund(t.database, user.id, 1_000);
    const card = await insertCard(t.database.db, { fmvCents: 2_000, storePriceCents: 1_000 });
    const placed = await post(user, '/api/orders', {
      items: [card.id],
      delivery: 'ship',
      shippingAddress: TEST_ADDRESS,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // $15.00 = $10.00 card + $5.00 fee: $12.00 store credit, $3.00 cash.
    expect(await partsOf(user)).toMatchObject({ credit: 0, cash: 700 });
    const boxes = await t.app.inject({ url: '/api/vault/shipments', headers: user.headers });
    await cancel(user, boxes.json().shipments[0]._id);
    // Store credit first, as it was spent: the whole fee was within the order's store credit.
    expect(await partsOf(user)).toMatchObject({ credit: 500, cash: 700 });
  });

  it("a cancelled break's spots return to the parts their purchase was paid from", async () => {
    const b = await openBreak(t, staff, { spots: 4, spotPrice: 10 });
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 1_500, 'credit');
    await fund(t.database, buyer.id, 5_000);
    expect((await buySpots(t, buyer, b._id, { quantity: 3 })).statusCode).toBe(201);
    expect(await partsOf(buyer)).toMatchObject({ credit: 0, cash: 3_500 });

    expect((await staffCommand(t, staff, b._id, 'cancel')).refunded).toBe(3);
    expect(await partsOf(buyer)).toMatchObject({ credit: 1_500, cash: 5_000 });
    const refunds = (await entriesOf(buyer)).filter((e) => e.kind === 'refund');
    expect(refunds.map((r) => r.storeCreditCents)).toEqual([1_000, 500, 0]);
  });

  it('concurrent debits record exactly the store credit they took', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 1_050, 'credit');
    await fund(t.database, user.id, 10_000);
    const wallet = t.app.services.wallet;
    const debitOnce = () =>
      t.database.db.transaction((tx) =>
        wallet.debit(
          user.id,
          300,
          { kind: 'adjustment', refType: 'test', refId: randomUUID(), description: 'Race' },
          tx,
        ),
      );
    await Promise.all(Array.from({ length: 10 }, debitOnce));
    expect(await partsOf(user)).toMatchObject({ balance: 8_050, credit: 0 });
    const debits = await t.database.db
      .select({ credit: walletLedger.storeCreditCents })
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, user.id), eq(walletLedger.refType, 'test')));
    const taken = debits.filter((d) => d.credit < 0);
    expect(taken.reduce((sum, d) => sum - d.credit, 0)).toBe(1_050);
    expect(taken.map((d) => d.credit).sort((a, b) => a - b)).toEqual([-300, -300, -300, -150]);
  });
});
