import { randomUUID } from 'node:crypto';
import { REFUSAL_REASONS } from '@grail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCards, tiersFor } from '../../../test/fixtures/grail.js';
import { BREAKS_ON, buySpots, openBreak } from '../../../test/fixtures/breaks.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';

/*
 * Every refused purchase or top-up names why in `reason`, so the dialogs link to what applies
 * (the profile, or the Limits tab) instead of always offering "Complete your profile".
 */
describe(`refusal reasons (${testEngine})`, () => {
  let t: TestApp;
  let caseId: string;
  let breakId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    const staff = await createUser(t, { role: 'admin' });
    const cardIds = await insertCards(t.database, 40, () => 1_000);
    const admin = t.app.services.grailAdmin;
    caseId = await admin.createCase({
      name: 'Refusal reasons case',
      packPrice: 25,
      activationTime: null,
      tiers: tiersFor(cardIds.map(() => 1_000)),
    });
    await admin.addCards(caseId, cardIds);
    await admin.goLive(caseId);
    breakId = (await openBreak(t, staff, { spots: 30, spotPrice: 25 }))._id;
  }, 120_000);
  afterAll(() => t?.close());

  const call = (who: TestUser, method: 'PUT' | 'POST', url: string, payload: object = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload,
    });
  /** The three ways to spend: a pack, a break spot and a store order. */
  const purchases = async (who: TestUser) => {
    const card = await insertCard(t.database.db, { storePriceCents: 2_000 });
    return {
      pack: await call(who, 'POST', `/api/grail-cases/${caseId}/packs`),
      spot: await buySpots(t, who, breakId, { quantity: 1 }),
      order: await call(who, 'POST', '/api/orders', { items: [card.id] }),
    };
  };
  const topUp = (who: TestUser) => call(who, 'POST', '/api/wallet/top-ups', { amount: 20 });
  const expectRefused = (
    answers: Record<string, { statusCode: number; json(): unknown }>,
    reason: (typeof REFUSAL_REASONS)[number],
  ) => {
    for (const [path, answer] of Object.entries(answers)) {
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json(), path).toMatchObject({ reason, error: expect.any(String) });
    }
  };

  it('email_unverified on every purchase path', async () => {
    const u = await createUser(t, { verified: false });
    await fund(t.database, u.id, 10_000);
    expectRefused(await purchases(u), 'email_unverified');
  });

  it('profile_incomplete on every purchase path', async () => {
    const u = await createUser(t, { completeProfile: false });
    await fund(t.database, u.id, 10_000);
    expectRefused(await purchases(u), 'profile_incomplete');
  });

  it('spending_limit on every purchase path, deposit_limit on a top-up', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    expect((await call(u, 'PUT', '/api/limits/spending', { '24h': 10 })).statusCode).toBe(200);
    expect((await call(u, 'PUT', '/api/limits/deposit', { '24h': 10 })).statusCode).toBe(200);
    expectRefused(await purchases(u), 'spending_limit');
    expectRefused({ topUp: await topUp(u) }, 'deposit_limit');
  });

  it('time_out on every purchase path and on a top-up', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    expect((await call(u, 'POST', '/api/limits/time-out', { period: '24h' })).statusCode).toBe(200);
    expectRefused({ ...(await purchases(u)), topUp: await topUp(u) }, 'time_out');
  });

  it('self_excluded on every purchase path and on a top-up', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    const excluded = await call(u, 'POST', '/api/limits/self-exclusion', { period: '6m' });
    expect(excluded.statusCode).toBe(200);
    expectRefused({ ...(await purchases(u)), topUp: await topUp(u) }, 'self_excluded');
  });
});
