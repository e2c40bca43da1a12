import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  closeOpenCases,
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
  unheard,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { playControls, pulls, wallets } from '../../db/schema/index.js';
import { SeedVault } from './fairness.js';

/*
 * Purchases of a case that arrive together are bought in groups, one transaction each
 * (GrailService.buyGroup). Each purchase must still be all or nothing on its own: one that the
 * group cannot buy (a time-out, a short balance, a sold-out case) is answered as if it had come
 * alone, and the others in its group are bought.
 */

const PRICE_CENTS = 1_000;
let t: TestApp;
let key = 0;

const buy = (user: TestUser, caseId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': `group-${Date.now()}-${++key}` },
    payload: {},
  });
const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents;
const pullsOf = (userId: string) =>
  t.database.db.select().from(pulls).where(eq(pulls.userId, userId));

async function buyers(count: number, packs: number) {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(t);
    if (packs > 0) await fund(t.database, user.id, packs * PRICE_CENTS);
    made.push(user);
  }
  return made;
}

/** Records every group the service runs, as the buyer ids of its purchases. */
function watchGroups() {
  const service = t.app.services.grail.purchases as unknown as {
    buyGroup: (caseId: string, orders: { user: { id: string } }[]) => Promise<unknown>;
  };
  const spy = vi.spyOn(service, 'buyGroup');
  return {
    stop() {
      const groups = spy.mock.calls.map(([, orders]) => orders.map((o) => o.user.id));
      spy.mockRestore();
      return groups;
    },
  };
}

describe(`pack purchases bought in groups (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('buys purchases that arrive together in shared transactions, each pull the fair one', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 40,
      packPrice: PRICE_CENTS / 100,
    });
    const collectors = await buyers(12, 2);
    const watch = watchGroups();
    let groups: string[][] = [];
    const fullPath = vi.spyOn(
      t.app.services.grail.purchases as unknown as { tryBuyPack: () => unknown },
      'tryBuyPack',
    );
    try {
      const answers = await Promise.all(
        collectors.flatMap((c) => [buy(c, caseId), buy(c, caseId)]),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
      expect(fullPath).not.toHaveBeenCalled();
    } finally {
      groups = watch.stop();
      fullPath.mockRestore();
    }
    // PGlite runs one statement at a time, so its purchases seldom meet.
    if (testEngine === 'postgres')
      expect(Math.max(...groups.map((g) => g.length))).toBeGreaterThan(1);
    // A collector's second purchase waits for a later group.
    for (const group of groups) expect(new Set(group).size).toBe(group.length);
    for (const c of collectors) {
      expect(await balanceOf(c.id)).toBe(0);
      expect(await pullsOf(c.id)).toHaveLength(2);
    }
    expect(await purchaseInvariants(t.database, caseId)).toMatchObject({
      pulls: { n: 24, cards: 24, ks: 24, maxk: 24 },
      debitsWithoutPull: 0,
      pullsWithoutDebit: 0,
      walletsOff: 0,
      counter: { pulls_count: 24, status: 'active' },
    });
    expect(
      await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
    ).toEqual([]);
  });

  it('answers a time-out or a short balance in a group as alone, and buys the others', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 20,
      packPrice: PRICE_CENTS / 100,
    });
    const [timedOut, ...others] = await buyers(7, 1);
    const [poor] = await buyers(1, 0);
    await fund(t.database, poor!.id, PRICE_CENTS / 2);
    // This process learns of the time-out only from the database.
    await unheard(t.database, (tx) =>
      tx
        .insert(playControls)
        .values({ userId: timedOut!.id, timeOutUntil: new Date(Date.now() + 3_600_000) }),
    );
    const fullPath = vi.spyOn(
      t.app.services.grail.purchases as unknown as {
        tryBuyPack: (o: { user: { id: string } }) => unknown;
      },
      'tryBuyPack',
    );
    let tookFullPath = new Set<string>();
    const [toTimedOut, toPoor, ...toOthers] = await Promise.all([
      buy(timedOut!, caseId),
      buy(poor!, caseId),
      ...others.map((c) => buy(c, caseId)),
    ]).finally(() => {
      tookFullPath = new Set(fullPath.mock.calls.map(([o]) => o.user.id));
      fullPath.mockRestore();
    });
    // Only the two that cannot be bought took the full path, which answers for them.
    expect(tookFullPath).toEqual(new Set([timedOut!.id, poor!.id]));
    expect(toTimedOut!.statusCode).toBe(403);
    expect(toTimedOut!.json().message).toMatch(/^You are on a time-out until /);
    expect(toPoor!.statusCode).toBe(402);
    expect(toPoor!.json()).toMatchObject({ shortfall: 5 });
    expect(toOthers.map((a) => a.statusCode)).toEqual(others.map(() => 201));
    expect(await balanceOf(timedOut!.id)).toBe(PRICE_CENTS);
    expect(await balanceOf(poor!.id)).toBe(PRICE_CENTS / 2);
    expect(await pullsOf(timedOut!.id)).toEqual([]);
    expect(await pullsOf(poor!.id)).toEqual([]);
    expect(await purchaseInvariants(t.database, caseId)).toMatchObject({
      pulls: { n: 6, cards: 6 },
      debitsWithoutPull: 0,
      pullsWithoutDebit: 0,
      walletsOff: 0,
    });
  });

  it('sells out exactly when more purchases arrive together than cards are left', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 5,
      packPrice: PRICE_CENTS / 100,
    });
    const collectors = await buyers(9, 1);
    const answers = await Promise.all(collectors.map((c) => buy(c, caseId)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect(await purchaseInvariants(t.database, caseId)).toMatchObject({
      pulls: { n: 5, cards: 5, ks: 5, maxk: 5 },
      debitsWithoutPull: 0,
      pullsWithoutDebit: 0,
      walletsOff: 0,
      counter: { pulls_count: 5, status: 'sold_out' },
    });
  });
});
