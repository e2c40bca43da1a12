import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { shippingFeeCents, type Pull } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { cards, pulls, shipments } from '../../db/schema/index.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';

let t: TestApp;
let caseId: string;
let n = 0;

async function buyOne(user: TestUser): Promise<Pull> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': `pulls-test-${++n}-${Date.now()}` },
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().pull;
}

const post = (user: TestUser, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

describe(`pulls: claim, sell back, ownership (${testEngine})`, () => {
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 20,
      packPrice: 20,
    }));
    owner = await createUser(t);
    stranger = await createUser(t);
    await fund(t.database, owner.id, 100_000);
  });
  afterAll(() => t?.close());

  it('lists only my pulls, and another collector gets 404 for them', async () => {
    const mine = await buyOne(owner);
    const list = await t.app.inject({ url: '/api/pulls', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().pulls.map((p: Pull) => p._id)).toContain(mine._id);
    expect(
      (await t.app.inject({ url: '/api/pulls', headers: stranger.headers })).json().pulls,
    ).toEqual([]);
    for (const attempt of [
      t.app.inject({ url: `/api/pulls/${mine._id}`, headers: stranger.headers }),
      post(stranger, `/api/pulls/${mine._id}/claim`),
      post(stranger, `/api/pulls/${mine._id}/sell-back`),
    ]) {
      const res = await attempt;
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'No pull with this id.', error: 'Not Found' });
    }
    const [row] = await t.database.db.select().from(pulls).where(eq(pulls.id, mine._id));
    expect(row!.status).toBe('revealed');
    expect((await t.app.inject({ url: '/api/pulls' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/pulls/nope', headers: owner.headers })).statusCode,
    ).toBe(400);
  });

  it('claim ships the card from the vault for the fee, due within 48 hours; a sell-back afterwards is 409', async () => {
    const pull = await buyOne(owner);
    const before = Date.now();
    const funds = await t.app.services.wallet.balance(owner.id);
    const res = await post(owner, `/api/pulls/${pull._id}/claim`);
    expect(res.statusCode).toBe(200);
    const claimed = res.json().pull as Pull;
    expect(claimed.status).toBe('claimed');
    expect(claimed.sellBack).toBeNull();
    const shipBy = new Date(claimed.shipment!.shipBy).getTime();
    expect(shipBy - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(shipBy - before).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
    const [ship] = await t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.id, claimed.shipment!._id));
    // One card under $250 of FMV: the schedule's first-card fee.
    const fee = shippingFeeCents(1, Math.round(pull.card.fmv * 100));
    expect(ship).toMatchObject({
      sourceType: 'vault',
      sourceId: ship!.id,
      status: 'pending',
      address: TEST_ADDRESS,
      feeCents: fee,
      insuredValueCents: Math.round(pull.card.fmv * 100),
    });
    expect(await t.app.services.wallet.balance(owner.id)).toBe(funds - fee);

    const balance = await t.app.services.wallet.balance(owner.id);
    const sell = await post(owner, `/api/pulls/${pull._id}/sell-back`);
    expect(sell.statusCode).toBe(409);
    expect(sell.json().message).toBe('This pull was already claimed.');
    expect(await t.app.services.wallet.balance(owner.id)).toBe(balance);
    expect((await post(owner, `/api/pulls/${pull._id}/claim`)).statusCode).toBe(409);
  });

  it('sell-back credits 85% of FMV once and returns the card; a claim afterwards is 409', async () => {
    const pull = await buyOne(owner);
    expect(pull.sellBack!.amount).toBe(Math.floor(pull.card.fmv * 85) / 100);
    const balance = await t.app.services.wallet.balance(owner.id);
    const res = await post(owner, `/api/pulls/${pull._id}/sell-back`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credited).toBe(pull.sellBack!.amount);
    expect(body.pull).toMatchObject({ status: 'sold_back', soldBackFor: pull.sellBack!.amount });
    expect(await t.app.services.wallet.balance(owner.id)).toBe(
      balance + Math.round(pull.sellBack!.amount * 100),
    );
    const [card] = await t.database.db.select().from(cards).where(eq(cards.id, pull.card._id));
    expect(card!.status).toBe('available');

    const again = await post(owner, `/api/pulls/${pull._id}/sell-back`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This pull was sold back.');
    const claim = await post(owner, `/api/pulls/${pull._id}/claim`);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe('This pull was sold back.');
    expect(await t.app.services.wallet.balance(owner.id)).toBe(
      balance + Math.round(pull.sellBack!.amount * 100),
    );
  });

  it('a sell-back pays the FMV recorded at the pull, whatever the card says later', async () => {
    const pull = await buyOne(owner);
    const [recorded] = await t.database.db.select().from(pulls).where(eq(pulls.id, pull._id));
    const fmvAtPull = recorded!.fmvCents;
    expect(Math.round(pull.card.fmv * 100)).toBe(fmvAtPull);
    // The database refuses to revalue a pulled card or its recorded pull ...
    const code = async (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then(
        () => undefined,
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
    expect(
      await code(sql`update cards set fmv_cents = 850000000 where id = ${pull.card._id}`),
    ).toBe('GC001');
    expect(await code(sql`update pulls set fmv_cents = 850000000 where id = ${pull._id}`)).toBe(
      'GC003',
    );
    // ... and even a card revalued around it (an operator's data fix with the guard set aside)
    // changes neither the offer nor the credit.
    await t.database.db.execute(sql`alter table cards disable trigger cards_grail_commitment`);
    try {
      await t.database.db
        .update(cards)
        .set({ fmvCents: 850_000_000 })
        .where(eq(cards.id, pull.card._id));
    } finally {
      await t.database.db.execute(sql`alter table cards enable trigger cards_grail_commitment`);
    }
    const expected = Math.floor((fmvAtPull * 85) / 100) / 100;
    const view = (
      await t.app.inject({ url: `/api/pulls/${pull._id}`, headers: owner.headers })
    ).json().pull as Pull;
    expect(view.sellBack!.amount).toBe(expected);
    expect(view.card.fmv).toBe(fmvAtPull / 100);
    const balance = await t.app.services.wallet.balance(owner.id);
    const res = await post(owner, `/api/pulls/${pull._id}/sell-back`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credited: expected, pull: { soldBackFor: expected } });
    expect(await t.app.services.wallet.balance(owner.id)).toBe(
      balance + Math.floor((fmvAtPull * 85) / 100),
    );
  });

  it('refuses a sell-back after the window has passed', async () => {
    const pull = await buyOne(owner);
    await t.database.db
      .update(pulls)
      .set({ pulledAt: sql`now() - interval '73 hours'` })
      .where(eq(pulls.id, pull._id));
    const view = (
      await t.app.inject({ url: `/api/pulls/${pull._id}`, headers: owner.headers })
    ).json();
    expect(view.pull.sellBack).toBeNull();
    const res = await post(owner, `/api/pulls/${pull._id}/sell-back`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The sell-back window of 72 hours has passed for this pull.');
  });

  it('two concurrent actions on one pull: exactly one wins', async () => {
    const pull = await buyOne(owner);
    const [a, b] = await Promise.all([
      post(owner, `/api/pulls/${pull._id}/claim`),
      post(owner, `/api/pulls/${pull._id}/sell-back`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('keeps the client seed and privacy choice, and uses the seed for the next pull', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/pulls/preferences',
      headers: owner.headers,
      payload: { clientSeed: '', pullsAnonymous: true },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/pulls/preferences',
      headers: owner.headers,
      payload: { clientSeed: 'my-own-seed-42', pullsAnonymous: true },
    });
    expect(res.json()).toEqual({ clientSeed: 'my-own-seed-42', pullsAnonymous: true });
    const pull = await buyOne(owner);
    expect(pull.proof.clientSeed).toBe('my-own-seed-42');
    const recent = (await t.app.inject({ url: '/api/grail-cases/recent-pulls?limit=1' })).json();
    expect(recent.pulls[0]).toMatchObject({ _id: pull._id, pulledBy: 'Anonymous' });
  });
});
