import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { limitEndpoints } from '@grail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCards, tiersFor } from '../../../test/fixtures/grail.js';
import { BREAKS_ON, buySpots, openBreak } from '../../../test/fixtures/breaks.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { pulls, walletLedger } from '../../db/schema/index.js';
import { LimitsService } from './limits.service.js';

const PACK_CENTS = 2_500;
const HOUR = 3_600_000;

describe(`responsible play (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  let caseId: string;
  let breakId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
    // Every other card sells back above the pack price (85% of $100), the rest below (of $10).
    const fmvOf = (i: number) => (i % 2 === 0 ? 10_000 : 1_000) + i;
    const cardIds = await insertCards(t.database, 300, fmvOf);
    const admin = t.app.services.grailAdmin;
    caseId = await admin.createCase({
      name: 'Responsible play case',
      packPrice: PACK_CENTS / 100,
      activationTime: null,
      tiers: tiersFor(cardIds.map((_, i) => fmvOf(i))),
    });
    await admin.addCards(caseId, cardIds);
    await admin.goLive(caseId);
    breakId = (await openBreak(t, staff, { spots: 30, spotPrice: 25 }))._id;
  }, 120_000);
  afterAll(() => t?.close());

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const buyPack = (who: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: {},
    });
  const order = async (who: TestUser, priceCents = 2_000) => {
    const card = await insertCard(t.database.db, { storePriceCents: priceCents });
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      // Kept in the vault, so the order costs its price alone (no shipping fee).
      payload: { items: [card.id], delivery: 'vault' },
    });
  };
  const topUp = (who: TestUser, amount: number) =>
    call(who, 'POST', '/api/wallet/top-ups', { amount });
  /** Buys packs until it holds one that sells back above its price and one that does not. */
  const profitAndLoss = async (who: TestUser) => {
    let profit: { _id: string } | undefined;
    let loss: { _id: string } | undefined;
    let packs = 0;
    while (!profit || !loss) {
      packs++;
      const pull = (await buyPack(who)).json().pull;
      if (pull.card.fmv >= 100) profit ??= pull;
      else loss ??= pull;
    }
    return { profit, loss, packs };
  };
  const funded = async (cents = 100_000) => {
    const user = await createUser(t);
    await fund(t.database, user.id, cents);
    return user;
  };
  const ledgerRows = async (userId: string) =>
    (await t.database.db.select().from(walletLedger).where(eq(walletLedger.userId, userId))).length;

  describe('spending limits on every purchase path', () => {
    it('a pack past the 24-hour limit is refused with what is left and when, and nothing is written', async () => {
      const u = await funded();
      const set = await call(u, 'PUT', '/api/limits/spending', { '24h': 60 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().spending[0]).toMatchObject({ window: '24h', amount: 60, remaining: 60 });
      expect((await buyPack(u)).statusCode).toBe(201);
      expect((await buyPack(u)).statusCode).toBe(201);
      const rowsBefore = await ledgerRows(u.id);
      const refused = await buyPack(u);
      expect(refused.statusCode).toBe(403);
      const body = refused.json();
      expect(body.error).toBe('Forbidden');
      expect(body.message).toMatch(
        /^This would pass your 24 hours spending limit of \$60\.00: \$10\.00 is left\. More becomes available from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
      );
      expect(body).toMatchObject({ limit: 'spending', window: '24h', remaining: 10 });
      expect(await ledgerRows(u.id)).toBe(rowsBefore);
      expect(await t.database.db.select().from(pulls).where(eq(pulls.userId, u.id))).toHaveLength(
        2,
      );
      const state = (await call(u, 'GET', '/api/limits')).json();
      expect(state.spentLast30Days).toBe(50);
      expect(state.spending[0]).toMatchObject({ used: 50, remaining: 10 });
    });

    it('break spots and store orders count against the same limit', async () => {
      const u = await funded();
      await call(u, 'PUT', '/api/limits/spending', { '7d': 70 });
      expect((await buySpots(t, u, breakId, { quantity: 1 })).statusCode).toBe(201);
      expect((await order(u, 2_500)).statusCode).toBe(201);
      expect((await buyPack(u)).statusCode).toBe(403);
      const spot = await buySpots(t, u, breakId, { quantity: 1 });
      expect(spot.statusCode).toBe(403);
      expect(spot.json()).toMatchObject({ limit: 'spending', window: '7d', remaining: 20 });
      const refusedOrder = await order(u, 2_001);
      expect(refusedOrder.statusCode).toBe(403);
      expect(refusedOrder.json().message).toContain('7 days spending limit of $70.00');
      expect((await order(u, 2_000)).statusCode).toBe(201);
      expect((await call(u, 'GET', '/api/limits')).json().spentLast30Days).toBe(70);
    });

    it('concurrent purchases against a nearly spent limit: exactly the affordable number succeed', async () => {
      const u = await funded();
      await call(u, 'PUT', '/api/limits/spending', { '30d': 110 });
      // $10 spent first: $100 left, room for exactly 4 packs of $25.
      expect((await order(u, 1_000)).statusCode).toBe(201);
      const answers = await Promise.all(Array.from({ length: 12 }, () => buyPack(u)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(4);
      expect(codes.filter((c) => c === 403)).toHaveLength(8);
      const [spent] = (
        (await t.database.db.execute(
          sql`select coalesce(sum(-amount_cents), 0)::int as cents from wallet_ledger where user_id = ${u.id} and amount_cents < 0`,
        )) as unknown as { rows: { cents: number }[] }
      ).rows;
      expect(spent!.cents).toBe(11_000);
    });

    it('concurrent purchases on different paths share one limit', async () => {
      const u = await funded();
      await call(u, 'PUT', '/api/limits/spending', { '24h': 75 });
      const answers = await Promise.all([
        buyPack(u),
        buyPack(u),
        buySpots(t, u, breakId, { quantity: 1 }),
        buySpots(t, u, breakId, { quantity: 1 }),
        order(u, 2_500),
        order(u, 2_500),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c === 403)).toHaveLength(3);
      expect((await call(u, 'GET', '/api/limits')).json().spentLast30Days).toBe(75);
    });
  });

  describe('deposit limits', () => {
    it('counts started top-ups (not cancelled ones) and refuses the one past the limit', async () => {
      const u = await createUser(t);
      await call(u, 'PUT', '/api/limits/deposit', { '24h': 50 });
      const first = await topUp(u, 30);
      expect(first.statusCode, first.body).toBe(201);
      const refused = await topUp(u, 30);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ limit: 'deposit', window: '24h', remaining: 20 });
      expect(refused.json().message).toContain('24 hours deposit limit of $50.00');
      const cancel = await call(u, 'POST', `/api/payments/sandbox/${first.json().topUpId}/cancel`);
      expect(cancel.statusCode).toBe(204);
      expect((await topUp(u, 30)).statusCode).toBe(201);
      expect((await call(u, 'GET', '/api/limits')).json().deposit[0]).toMatchObject({
        amount: 50,
        used: 30,
        remaining: 20,
      });
    });
  });

  describe('windows and cooling-off with an injected clock', () => {
    it('each window frees what was spent once it is a window old', async () => {
      const u = await funded();
      let now = new Date();
      const limits = new LimitsService(t.database.db, { now: () => now });
      await limits.setLimits(u.id, 'spending', { '24h': 60, '7d': 75, '30d': 100 });
      expect((await buyPack(u)).statusCode).toBe(201);
      expect((await buyPack(u)).statusCode).toBe(201);
      const check = (cents: number) =>
        t.database.db.transaction((tx) => limits.checkPurchase(u.id, cents, tx));
      await expect(check(1_001)).rejects.toMatchObject({
        statusCode: 403,
        extra: { window: '24h' },
      });
      now = new Date(Date.now() + 24 * HOUR + 60_000);
      await expect(check(2_500)).resolves.toBeUndefined();
      await expect(check(2_501)).rejects.toMatchObject({ extra: { window: '7d' } });
      now = new Date(Date.now() + 7 * 24 * HOUR + 60_000);
      await expect(check(5_000)).resolves.toBeUndefined();
      await expect(check(5_001)).rejects.toMatchObject({ extra: { window: '30d' } });
      now = new Date(Date.now() + 30 * 24 * HOUR + 60_000);
      await expect(check(5_000)).resolves.toBeUndefined();
      expect((await limits.limits(u.id)).spentLast30Days).toBe(0);
    });

    it('an increase applies after 24 hours; a decrease at once', async () => {
      const u = await createUser(t);
      let now = new Date();
      const limits = new LimitsService(t.database.db, { now: () => now });
      await limits.setLimits(u.id, 'deposit', { '24h': 100 });
      const raised = await limits.setLimits(u.id, 'deposit', { '24h': 500 });
      expect(raised.deposit[0]).toMatchObject({
        amount: 100,
        pending: { amount: 500, effectiveAt: new Date(now.getTime() + 24 * HOUR).toISOString() },
      });
      now = new Date(now.getTime() + 24 * HOUR - 1);
      expect((await limits.limits(u.id)).deposit[0]!.amount).toBe(100);
      now = new Date(now.getTime() + 1);
      expect((await limits.limits(u.id)).deposit[0]).toMatchObject({ amount: 500, pending: null });
      const lowered = await limits.setLimits(u.id, 'deposit', { '24h': 20 });
      expect(lowered.deposit[0]).toMatchObject({ amount: 20, pending: null });
      const removed = await limits.setLimits(u.id, 'deposit', { '24h': null });
      expect(removed.deposit[0]).toMatchObject({ amount: 20, pending: { amount: null } });
      now = new Date(now.getTime() + 24 * HOUR);
      expect((await limits.limits(u.id)).deposit[0]).toMatchObject({ amount: null, pending: null });
    });
  });

  describe('time-out', () => {
    it('stops packs, spots, orders and top-ups, cannot be shortened, and leaves sell-backs and claims', async () => {
      const u = await funded();
      const pull = (await buyPack(u)).json().pull;
      const pull2 = (await buyPack(u)).json().pull;
      const out = await call(u, 'POST', '/api/limits/time-out', { period: '7d' });
      expect(out.statusCode).toBe(200);
      const until = out.json().timeOutUntil;
      expect(out.json().canPurchase).toBe(false);
      const shorter = await call(u, 'POST', '/api/limits/time-out', { period: '24h' });
      expect(shorter.json().timeOutUntil).toBe(until);
      for (const refused of [
        await buyPack(u),
        await buySpots(t, u, breakId, { quantity: 1 }),
        await order(u),
        await topUp(u, 20),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toMatch(/^You are on a time-out until .+ UTC\. .+ paused/);
        expect(refused.json().limit).toBe('time-out');
      }
      const sb = await call(u, 'POST', `/api/pulls/${pull._id}/sell-back`);
      expect(sb.statusCode, sb.body).toBe(200);
      expect((await call(u, 'POST', `/api/pulls/${pull2._id}/claim`, {})).statusCode).toBe(200);
    });
  });

  describe('self-exclusion', () => {
    it('stops every purchase path, top-ups, sell-backs for profit and marketing mail; claims still ship', async () => {
      const u = await funded();
      const { profit: atProfit, loss: atLoss } = await profitAndLoss(u);
      const toShip = (await buyPack(u)).json().pull;
      expect(await t.app.services.limits.mayReceiveMarketing(u.id)).toBe(true);

      const excluded = await call(u, 'POST', '/api/limits/self-exclusion', { period: '6m' });
      expect(excluded.statusCode).toBe(200);
      expect(excluded.json()).toMatchObject({
        canPurchase: false,
        selfExclusion: { endEffectiveAt: null },
      });
      for (const refused of [
        await buyPack(u),
        await buySpots(t, u, breakId, { quantity: 1 }),
        await order(u),
        await topUp(u, 20),
        await call(u, 'POST', `/api/pulls/${atProfit._id}/sell-back`),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toMatch(/^You have self-excluded until .+ UTC\./);
        expect(refused.json().limit).toBe('self-exclusion');
      }
      expect(await t.app.services.limits.mayReceiveMarketing(u.id)).toBe(false);
      expect((await call(u, 'POST', `/api/pulls/${atLoss._id}/sell-back`)).statusCode).toBe(200);
      expect((await call(u, 'POST', `/api/pulls/${toShip._id}/claim`, {})).statusCode).toBe(200);

      const early = await call(u, 'POST', '/api/limits/self-exclusion/end');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(
        /^Your self-exclusion runs until .+; you can ask to end it from then\.$/,
      );
    });

    it('ends only after its period and then a request that takes effect 24 hours later', async () => {
      const u = await createUser(t);
      let now = new Date();
      const limits = new LimitsService(t.database.db, { now: () => now });
      await limits.selfExclude(u.id, '6m');
      now = new Date(now.getTime() + 200 * 24 * HOUR);
      // Past its period it still holds until asked to end.
      expect(await limits.mayReceiveMarketing(u.id)).toBe(false);
      const asked = await limits.requestSelfExclusionEnd(u.id);
      expect(asked.selfExclusion!.endEffectiveAt).toBe(
        new Date(now.getTime() + 24 * HOUR).toISOString(),
      );
      now = new Date(now.getTime() + 24 * HOUR - 1);
      expect((await limits.limits(u.id)).canPurchase).toBe(false);
      now = new Date(now.getTime() + 1);
      expect(await limits.limits(u.id)).toMatchObject({ canPurchase: true, selfExclusion: null });
      expect(await limits.mayReceiveMarketing(u.id)).toBe(true);
    });
  });

  describe('reality check and session', () => {
    it('stores the interval and sums packs and spots bought minus sell-backs since the session start', async () => {
      const u = await funded();
      const since = new Date(Date.now() - 1000).toISOString();
      const set = await call(u, 'PUT', '/api/limits/reality-check', { minutes: 60 });
      expect(set.json().realityCheckMinutes).toBe(60);
      const { profit, loss, packs } = await profitAndLoss(u);
      expect((await buySpots(t, u, breakId, { quantity: 1 })).statusCode).toBe(201);
      const credits: number[] = [];
      for (const pull of [profit, loss])
        credits.push((await call(u, 'POST', `/api/pulls/${pull._id}/sell-back`)).json().credited);
      const session = await call(
        u,
        'GET',
        `/api/limits/session?since=${encodeURIComponent(since)}`,
      );
      expect(session.statusCode).toBe(200);
      const bought = packs * 25 + 25;
      // In cents, as the server adds them: 85.01 + 8.51 is not 93.52 in floating point.
      const soldBack = Math.round(credits[0]! * 100 + credits[1]! * 100) / 100;
      expect(soldBack).toBeGreaterThan(0);
      expect(session.json()).toEqual({
        since,
        bought,
        soldBack,
        net: Math.round((bought - soldBack) * 100) / 100,
      });
      expect((await call(u, 'PUT', '/api/limits/reality-check', { minutes: 45 })).statusCode).toBe(
        400,
      );
      const off = await call(u, 'PUT', '/api/limits/reality-check', { minutes: null });
      expect(off.json().realityCheckMinutes).toBeNull();
    });
  });

  describe('staff', () => {
    it('staff read a collector’s limits; collectors cannot read another’s; nothing lets staff lift them', async () => {
      const u = await createUser(t);
      await call(u, 'POST', '/api/limits/time-out', { period: '24h' });
      const seen = await call(staff, 'GET', `/api/admin/users/${u.id}/limits`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().timeOutUntil).not.toBeNull();
      expect((await call(u, 'GET', `/api/admin/users/${staff.id}/limits`)).statusCode).toBe(403);
      expect((await call(staff, 'GET', `/api/admin/users/${randomUUID()}/limits`)).statusCode).toBe(
        404,
      );
      const staffCalls = Object.values(limitEndpoints).filter((e) => e.guard === 'admin');
      expect(staffCalls.map((e) => e.method)).toEqual(['GET']);
    });
  });
});
