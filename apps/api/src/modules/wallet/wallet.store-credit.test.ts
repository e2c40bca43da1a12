import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, postAs, type TestUser } from '../../../test/users.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';

/** Purchases spend store credit first (decision 023), on every debit path. */
describe(`store credit is spent first (${testEngine})`, () => {
  let t: TestApp;
  const post = (who: TestUser, url: string, payload: object) => postAs(t, who, url, payload);
  const partsOf = (user: TestUser) => t.app.services.wallet.parts(user.id);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a pack purchase takes store credit first, on the full path and the one-round-trip path', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 6,
      packPrice: 25,
    });
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 10_000);
    await fund(t.database, buyer.id, 3_000, 'credit');
    expect((await post(buyer, `/api/grail-cases/${caseId}/packs`, {})).statusCode).toBe(201);
    expect(await partsOf(buyer)).toMatchObject({ balance: 10_500, credit: 500, cash: 10_000 });
    // The process has sold from this case now, so the next purchase tries the one round trip.
    expect((await post(buyer, `/api/grail-cases/${caseId}/packs`, {})).statusCode).toBe(201);
    expect(await partsOf(buyer)).toMatchObject({ balance: 8_000, credit: 0, cash: 8_000 });
  });

  it('a store order takes store credit first, then cash', async () => {
    const card = await insertCard(t.database.db, { storePriceCents: 12_000 });
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 20_000);
    await fund(t.database, buyer.id, 5_000, 'credit');
    const placed = await post(buyer, '/api/orders', { items: [card.id] });
    expect(placed.statusCode, placed.body).toBe(201);
    const total = Math.round(placed.json().order.total * 100);
    expect(await partsOf(buyer)).toMatchObject({
      balance: 25_000 - total,
      credit: 0,
      cash: 25_000 - total,
      withdrawable: 25_000 - total,
    });
  });

  it('staff goodwill marked as credit is store credit; without the mark it is cash', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const collector = await createUser(t);
    const adjust = (body: object) =>
      post(admin, `/api/admin/users/${collector.id}/wallet-adjustments`, body);
    expect((await adjust({ amount: 15, reason: 'Goodwill', storeCredit: true })).statusCode).toBe(
      200,
    );
    expect((await adjust({ amount: 10, reason: 'Refund by hand' })).statusCode).toBe(200);
    const wallet = (
      await t.app.inject({ method: 'GET', url: '/api/wallet', headers: collector.headers })
    ).json();
    expect(wallet).toMatchObject({ balance: 25, storeCredit: 15, cash: 10, withdrawable: 10 });
  });
});
