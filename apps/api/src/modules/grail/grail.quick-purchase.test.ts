import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  closeOpenCases,
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
  unheard as unheardBy,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  grailCases,
  playControls,
  playLimits,
  pulls,
  sessions,
  users,
  wallets,
} from '../../db/schema/index.js';
import { SeedVault } from './fairness.js';

/*
 * Once this process has sold a pack of a case, the next purchases try to finish in one round trip
 * (GrailService.buyGroup), trusting what it remembers: the case, its remaining cards, the
 * session and its client seed. Each test primes a case, then changes something behind the
 * process's back (no NOTIFY reaches it) and checks that the purchase still answers as the full
 * path would, having written nothing when it refuses.
 */

const PRICE_CENTS = 2_500;
let t: TestApp;
let key = 0;
const nextKey = () => `quick-${Date.now()}-${++key}`;

const buy = (user: TestUser, caseId: string, idempotencyKey = nextKey()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': idempotencyKey },
    payload: {},
  });
const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents;
const pullsOf = (userId: string) =>
  t.database.db.select().from(pulls).where(eq(pulls.userId, userId));

/** A change made with the triggers off: no instance hears of it. */
const unheard = (change: (tx: Tx) => Promise<unknown>) => unheardBy(t.database, change);

/** A live case this process has sold from, and a funded buyer whose session it remembers. */
async function primed(size = 6) {
  const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
    size,
    packPrice: PRICE_CENTS / 100,
  });
  const first = await createUser(t);
  await fund(t.database, first.id, PRICE_CENTS);
  expect((await buy(first, caseId)).statusCode).toBe(201);
  const buyer = await createUser(t);
  await fund(t.database, buyer.id, 4 * PRICE_CENTS);
  return { caseId, buyer };
}

describe(`pack purchases in one round trip (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  // One case is live at a time.
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('sells a known case without the full path, and every pull is the fair one', async () => {
    const { caseId, buyer } = await primed();
    const fullPath = vi.spyOn(
      t.app.services.grail.purchases as unknown as { tryBuyPack: () => unknown },
      'tryBuyPack',
    );
    try {
      for (let i = 0; i < 3; i++) expect((await buy(buyer, caseId)).statusCode).toBe(201);
      expect(fullPath).not.toHaveBeenCalled();
    } finally {
      fullPath.mockRestore();
    }
    expect(await balanceOf(buyer.id)).toBe(PRICE_CENTS);
    expect((await pullsOf(buyer.id)).map((p) => p.k).sort()).toEqual([2, 3, 4]);
    expect(
      await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
    ).toEqual([]);
  });

  it('replays a repeated key with the same answer and one debit', async () => {
    const { caseId, buyer } = await primed();
    const first = await buy(buyer, caseId, 'the-same-key');
    const again = await buy(buyer, caseId, 'the-same-key');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(buyer.id)).toBe(3 * PRICE_CENTS);
    expect(await pullsOf(buyer.id)).toHaveLength(1);
  });

  it('refuses a session ended unheard and writes nothing', async () => {
    const { caseId, buyer } = await primed();
    // This purchase leaves the session in the instance's memory.
    expect((await buy(buyer, caseId)).statusCode).toBe(201);
    await unheard((tx) => tx.delete(sessions).where(eq(sessions.userId, buyer.id)));
    const res = await buy(buyer, caseId);
    expect(res.statusCode).toBe(401);
    expect(await balanceOf(buyer.id)).toBe(3 * PRICE_CENTS);
    expect(await pullsOf(buyer.id)).toHaveLength(1);
  });

  it('draws with a client seed changed unheard, not the remembered one', async () => {
    const { caseId, buyer } = await primed();
    expect((await buy(buyer, caseId)).statusCode).toBe(201);
    await unheard((tx) =>
      tx.update(users).set({ clientSeed: 'changed-behind-its-back' }).where(eq(users.id, buyer.id)),
    );
    const res = await buy(buyer, caseId);
    expect(res.statusCode).toBe(201);
    expect(res.json().pull.proof.clientSeed).toBe('changed-behind-its-back');
    expect(
      await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
    ).toEqual([]);
  });

  it('judges a time-out set unheard, and writes nothing', async () => {
    const { caseId, buyer } = await primed();
    const until = new Date(Date.now() + 24 * 3_600_000);
    await unheard((tx) =>
      tx.insert(playControls).values({ userId: buyer.id, timeOutUntil: until }),
    );
    const res = await buy(buyer, caseId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are on a time-out until /);
    expect(await balanceOf(buyer.id)).toBe(4 * PRICE_CENTS);
    expect(await pullsOf(buyer.id)).toEqual([]);
  });

  it('judges a spending limit set unheard, and writes nothing', async () => {
    const { caseId, buyer } = await primed();
    await unheard((tx) =>
      tx
        .insert(playLimits)
        .values({ userId: buyer.id, kind: 'spending', window: '24h', amountCents: 1_000 }),
    );
    const res = await buy(buyer, caseId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/limit/i);
    expect(await balanceOf(buyer.id)).toBe(4 * PRICE_CENTS);
    expect(await pullsOf(buyer.id)).toEqual([]);
  });

  it('answers a short balance with the shortfall and writes nothing', async () => {
    const { caseId } = await primed();
    const poor = await createUser(t);
    await fund(t.database, poor.id, 1_000);
    const res = await buy(poor, caseId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ shortfall: 15 });
    expect(await balanceOf(poor.id)).toBe(1_000);
    expect(await pullsOf(poor.id)).toEqual([]);
  });

  it('answers a case closed meanwhile with 409 and writes nothing', async () => {
    const { caseId, buyer } = await primed();
    await t.app.services.grailAdmin.close(caseId);
    for (let i = 0; i < 2; i++) {
      const res = await buy(buyer, caseId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This case is closed.');
    }
    expect(await balanceOf(buyer.id)).toBe(4 * PRICE_CENTS);
    expect(await pullsOf(buyer.id)).toEqual([]);
  });

  it("keeps the case's current name in the answer, and sells out exactly", async () => {
    const { caseId, buyer } = await primed(4);
    await t.database.db
      .update(grailCases)
      .set({ name: 'Renamed while live' })
      .where(eq(grailCases.id, caseId));
    const renamed = await buy(buyer, caseId);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().pull.caseName).toBe('Renamed while live');
    const rest = await Promise.all([buy(buyer, caseId), buy(buyer, caseId), buy(buyer, caseId)]);
    expect(rest.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    expect(await purchaseInvariants(t.database, caseId)).toMatchObject({
      debitsWithoutPull: 0,
      pullsWithoutDebit: 0,
      walletsOff: 0,
      counter: { pulls_count: 4, status: 'sold_out' },
    });
  });
});
