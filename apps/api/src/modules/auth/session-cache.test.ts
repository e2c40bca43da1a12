import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  closeOpenCases,
  createLiveCase,
  unheard as unheardBy,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { vaultCard } from '../../../test/fixtures/market.js';
import { marketListings, pulls, sessions, users, wallets } from '../../db/schema/index.js';

/*
 * A pack purchase and a Buy now may take their session from this instance's memory
 * (SessionsService), because their transaction checks the session again. These prove that ending
 * a session or changing its user still takes effect at once for purchases, that the memory hears
 * changes made elsewhere, and that every other request still reads its session afresh.
 */

let t: TestApp;
let key = 0;
const nextKey = () => `session-cache-${Date.now()}-${++key}`;

const me = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
const buy = (user: TestUser, caseId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': nextKey() },
    payload: {},
  });
/** A new seller's vault card listed at $100; answers the listing's id. */
async function listingFor(): Promise<string> {
  const seller = await createUser(t);
  const { holding } = await vaultCard(t.database.db, seller.id, { fmvCents: 8_000 });
  const listed = await t.app.inject({
    method: 'POST',
    url: '/api/market/listings',
    headers: seller.headers,
    payload: { holdingId: holding.id, price: 100 },
  });
  expect(listed.statusCode, listed.body).toBe(201);
  return listed.json()._id as string;
}
const buyNow = (user: TestUser, listingId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/market/listings/${listingId}/buy`,
    headers: { ...user.headers, 'idempotency-key': nextKey() },
    payload: { price: 100 },
  });
const listingStatus = async (listingId: string) =>
  (await t.database.db.select().from(marketListings).where(eq(marketListings.id, listingId)))[0]
    ?.status;
const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents;

const remembered = (user: TestUser) =>
  t.app.services.sessions.resolve(user.token, { fromMemory: true });

/** A change made with the triggers off: no instance hears of it. */
const unheard = (change: (tx: Tx) => Promise<unknown>) => unheardBy(t.database, change);

/** Reads a collector's session until this instance keeps it (it starts listening on first use). */
async function untilRemembered(user: TestUser) {
  for (let i = 0; i < 100; i++) {
    const probe = `Probe ${i}`;
    await unheard((tx) =>
      tx.update(users).set({ displayName: probe }).where(eq(users.id, user.id)),
    );
    if ((await remembered(user))?.user.displayName !== probe) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('this instance never kept the session');
}

/** Waits for the instance to hear a change made behind its back (NOTIFY is delivered on commit). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the change never reached this instance');
}

describe(`sessions answered from memory (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  // One case is live at a time.
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('refuses a signed-out session on its very next purchase', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    expect((await buy(user, caseId)).statusCode).toBe(201);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await buy(user, caseId)).statusCode).toBe(401);
    expect(await balanceOf(user.id)).toBe(10_000 - 2_500);
  });

  it('hears a change to a session or its user made by another instance', async () => {
    const user = await createUser(t);
    await untilRemembered(user);
    // Straight in the database, as another instance or an operator would.
    await t.database.db.update(users).set({ theme: 'dark' }).where(eq(users.id, user.id));
    await eventually(async () => (await remembered(user))?.user.theme === 'dark');
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await eventually(async () => (await remembered(user)) === null);
  });

  it('gives the next purchase a client seed changed a moment before', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    expect((await buy(user, caseId)).statusCode).toBe(201);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/pulls/preferences',
      headers: user.headers,
      payload: { clientSeed: 'a-seed-chosen-just-now', pullsAnonymous: false },
    });
    expect(changed.statusCode).toBe(200);
    const res = await buy(user, caseId);
    expect(res.statusCode).toBe(201);
    expect(res.json().pull.proof.clientSeed).toBe('a-seed-chosen-just-now');
  });

  it('refuses a purchase whose session ended unheard, and writes nothing', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    await untilRemembered(user);
    // Ended unheard: this instance keeps the session in memory.
    await unheard((tx) => tx.delete(sessions).where(eq(sessions.userId, user.id)));
    expect(await remembered(user)).not.toBeNull();
    // Any other request reads its session afresh.
    expect((await me(user)).statusCode).toBe(401);
    const res = await buy(user, caseId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized' });
    expect(await balanceOf(user.id)).toBe(10_000);
    expect(await t.database.db.select().from(pulls).where(eq(pulls.userId, user.id))).toEqual([]);
  });

  it('refuses a Buy now whose session ended unheard, and writes nothing', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 50_000);
    const listingId = await listingFor();
    await untilRemembered(user);
    await unheard((tx) => tx.delete(sessions).where(eq(sessions.userId, user.id)));
    expect(await remembered(user)).not.toBeNull();
    const res = await buyNow(user, listingId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Unauthorized' });
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await listingStatus(listingId)).toBe('open');
  });

  it('refuses a Buy now of an account disabled unheard, and buys until then', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 50_000);
    const first = await listingFor();
    await untilRemembered(user);
    expect((await buyNow(user, first)).statusCode).toBe(200);
    expect(await listingStatus(first)).toBe('sold');
    const second = await listingFor();
    await unheard((tx) =>
      tx.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id)),
    );
    expect(await remembered(user)).not.toBeNull();
    expect((await buyNow(user, second)).statusCode).toBe(401);
    expect(await balanceOf(user.id)).toBe(40_000);
    expect(await listingStatus(second)).toBe('open');
  });
});
