import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DROP_NOT_JOINED_MESSAGE,
  DROP_NOT_OPEN_MESSAGE,
  DROP_TURN_ENDED_MESSAGE,
  dropNotYourTurnMessage,
  firstHourCapMessage,
  type DropQueueResponse,
} from '@grail/contract';
import { wallets } from '../../db/schema/index.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { closeOpenCases, createLiveCase } from '../../../test/fixtures/grail.js';
import { activateNow, passTime, recomputeOrder } from '../../../test/fixtures/drops.js';
import { fund } from '../../../test/fixtures/wallet.js';

let t: TestApp;

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const view = async (caseId: string, who?: TestUser) =>
  (
    await t.app.inject({ url: `/api/grail-cases/${caseId}/drop`, headers: who?.headers ?? {} })
  ).json() as DropQueueResponse;
const join = (caseId: string, who: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/drop/entries`,
    headers: who.headers,
  });
const buyOne = (caseId: string, who: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: {},
  });
const buySeveral = (caseId: string, who: TestUser, packs: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/pack-purchases`,
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: { packs },
  });
const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents ??
  0;

/** A funded collector with a complete 18+ profile. */
async function collector() {
  const u = await createUser(t);
  await fund(t.database, u.id, 100_000);
  return u;
}

/** A case going live in five minutes, so its waiting room (10 minutes by default) is open. */
const dropCase = (size = 30) =>
  createLiveCase(t.database, t.app.services.grailAdmin, { size, activationTime: inMinutes(5) });

describe(`the drop queue (${testEngine})`, () => {
  beforeAll(async () => {
    // Two collectors let in every 30 seconds, each for 10 minutes.
    t = await createTestApp({
      env: { DROP_ADMIT_BATCH: '2', DROP_ADMIT_SECONDS: '30', DROP_ADMIT_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(async () => t?.close());
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('opens the waiting room its minutes before activation and publishes the seed hash', async () => {
    const later = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
      activationTime: inMinutes(20),
    });
    const upcoming = await view(later.caseId);
    expect(upcoming).toMatchObject({ state: 'upcoming', seedHash: null, entries: 0, you: null });
    expect(Date.parse(upcoming.activationTime!) - Date.parse(upcoming.opensAt!)).toBe(600_000);
    const u = await collector();
    expect((await join(later.caseId, u)).json()).toMatchObject({ message: DROP_NOT_OPEN_MESSAGE });
    await closeOpenCases(t.database, t.app.services.grailAdmin);

    const { caseId } = await dropCase();
    const open = await view(caseId);
    expect(open).toMatchObject({ state: 'waiting', seed: null, admitBatch: 2, admitSeconds: 30 });
    expect(open.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // The same seed on every read: it is committed once.
    expect((await view(caseId)).seedHash).toBe(open.seedHash);
  });

  it('has no waiting room when staff set its minutes to 0', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
      activationTime: inMinutes(5),
      dropQueueMinutes: 0,
    });
    expect(await view(caseId)).toMatchObject({ state: 'off', seedHash: null });
    const u = await collector();
    expect((await join(caseId, u)).statusCode).toBe(409);
    // Its fairness page asks for the queue's order too: an empty answer, not an error.
    const order = await t.app.inject({ url: `/api/grail-cases/${caseId}/drop/order` });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toEqual({ caseId, seedHash: null, seed: null, entries: [] });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/grail-cases/${unknown}/drop/order` })).statusCode).toBe(
      404,
    );
  });

  it('keeps one entry per collector: joining again or from another tab keeps the place', async () => {
    const { caseId } = await dropCase();
    const u = await collector();
    const first = await join(caseId, u);
    expect(first.statusCode).toBe(200);
    const entryId = first.json().you.entryId;
    const again = await Promise.all([join(caseId, u), join(caseId, u), view(caseId, u)]);
    expect(again[0].json().you.entryId).toBe(entryId);
    expect(again[1].json().you.entryId).toBe(entryId);
    expect(again[2]).toMatchObject({
      entries: 1,
      you: { entryId, position: null, turn: 'waiting' },
    });
    // Only verified collectors with a complete 18+ profile join, as only they may buy.
    const unverified = await createUser(t, { verified: false });
    expect((await join(caseId, unverified)).statusCode).toBe(403);
    const incomplete = await createUser(t, { completeProfile: false });
    expect((await join(caseId, incomplete)).statusCode).toBe(403);
    expect((await view(caseId)).entries).toBe(1);
  });

  it('orders everyone who joined by the seed at activation, recomputably; later ones go to the back', async () => {
    const { caseId } = await dropCase();
    const early = await Promise.all(Array.from({ length: 7 }, () => collector()));
    for (const u of early) await join(caseId, u);
    await activateNow(t.database, caseId);

    const order = (await t.app.inject({ url: `/api/grail-cases/${caseId}/drop/order` })).json() as {
      seed: string;
      seedHash: string;
      entries: { entryId: string; position: number }[];
    };
    expect(createHash('sha256').update(Buffer.from(order.seed, 'hex')).digest('hex')).toBe(
      order.seedHash,
    );
    expect(order.entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(
      recomputeOrder(
        order.seed,
        order.entries.map((e) => e.entryId),
      ),
    ).toEqual(order.entries.map((e) => e.entryId));
    // Each collector sees their own entry id at the place the list gives it.
    for (const u of early) {
      const mine = (await view(caseId, u)).you!;
      expect(order.entries.find((e) => e.entryId === mine.entryId)!.position).toBe(mine.position);
    }

    const late = [await collector(), await collector()];
    const places = [];
    for (const u of late) places.push((await join(caseId, u)).json().you.position);
    expect(places).toEqual([8, 9]);
    expect((await view(caseId)).entries).toBe(9);
  });

  it('lets nobody buy before their turn (403, nothing written), on every purchase path', async () => {
    const { caseId } = await dropCase();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => collector()));
    for (const u of buyers) await join(caseId, u);
    const outsider = await collector();
    await activateNow(t.database, caseId);
    const byPlace = new Map<number, TestUser>();
    for (const u of buyers) byPlace.set((await view(caseId, u)).you!.position!, u);
    const [first, second, third] = [byPlace.get(1)!, byPlace.get(2)!, byPlace.get(3)!];

    // The first batch buys, twice, the second time on the one-round-trip path.
    expect((await buyOne(caseId, first)).statusCode).toBe(201);
    expect((await buyOne(caseId, first)).statusCode).toBe(201);
    expect((await buySeveral(caseId, second, 3)).statusCode).toBe(201);

    const before = await balanceOf(third.id);
    for (const attempt of [buyOne(caseId, third), buySeveral(caseId, third, 3)]) {
      const res = await attempt;
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(dropNotYourTurnMessage(3));
    }
    const notJoined = await buyOne(caseId, outsider);
    expect(notJoined.statusCode).toBe(403);
    expect(notJoined.json().message).toBe(DROP_NOT_JOINED_MESSAGE);
    expect(await balanceOf(third.id)).toBe(before);
    expect(await balanceOf(outsider.id)).toBe(100_000);

    // The next batch's turn comes 30 seconds later.
    await passTime(t.database, caseId, 30);
    expect((await buyOne(caseId, third)).statusCode).toBe(201);
    // Ten minutes later the first batch's window has closed; joining again sends them back.
    await passTime(t.database, caseId, 600);
    const ended = await buyOne(caseId, first);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toBe(DROP_TURN_ENDED_MESSAGE);
    const back = (await join(caseId, first)).json() as DropQueueResponse;
    expect(back.you).toMatchObject({ position: 5, turn: 'admitted' });
    expect((await buyOne(caseId, first)).statusCode).toBe(201);
  });

  it('keeps every place and turn through a restart mid-admission', async () => {
    const { caseId } = await dropCase();
    const buyers = await Promise.all(Array.from({ length: 5 }, () => collector()));
    for (const u of buyers) await join(caseId, u);
    await activateNow(t.database, caseId);
    const before = await Promise.all(buyers.map((u) => view(caseId, u)));
    const order = (await t.app.inject({ url: `/api/grail-cases/${caseId}/drop/order` })).json();

    await t.app.close();
    const { buildTestApp } = await import('../../../test/helpers.js');
    t = { ...t, app: await buildTestApp(t.database, { config: t.config }) };
    await t.app.ready();

    const after = await Promise.all(buyers.map((u) => view(caseId, u)));
    expect(after.map((v) => v.you)).toEqual(before.map((v) => ({ ...v.you, turn: v.you!.turn })));
    expect((await t.app.inject({ url: `/api/grail-cases/${caseId}/drop/order` })).json()).toEqual(
      order,
    );
    const third = buyers[after.findIndex((v) => v.you!.position === 3)]!;
    expect((await buyOne(caseId, third)).statusCode).toBe(403);
    const first = buyers[after.findIndex((v) => v.you!.position === 1)]!;
    expect((await buyOne(caseId, first)).statusCode).toBe(201);
  });

  it("caps each collector's packs in the case's first hour, on both purchase paths", async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 30,
      firstHourPackCap: 4,
    });
    const u = await collector();
    expect((await buyOne(caseId, u)).statusCode).toBe(201);
    expect((await buyOne(caseId, u)).statusCode).toBe(201);
    const tooMany = await buySeveral(caseId, u, 3);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().message).toBe(firstHourCapMessage(4, 2));
    expect((await buyOne(caseId, u)).statusCode).toBe(201);
    expect((await buyOne(caseId, u)).statusCode).toBe(201);
    const fifth = await buyOne(caseId, u);
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().message).toBe(firstHourCapMessage(4, 0));
    expect(await balanceOf(u.id)).toBe(100_000 - 4 * 2500);
    // Another collector has a cap of their own.
    expect((await buySeveral(caseId, await collector(), 3)).statusCode).toBe(201);
    // After the first hour, no cap.
    await passTime(t.database, caseId, 3600);
    expect((await buySeveral(caseId, u, 3)).statusCode).toBe(201);
  });

  it("lets staff set a case's waiting room and first-hour cap in the case form", async () => {
    const staff = await createUser(t, { role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/grail-cases',
      headers: staff.headers,
      payload: { name: 'Drop night', packPrice: 25, dropQueueMinutes: 30, firstHourPackCap: 5 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().case).toMatchObject({ dropQueueMinutes: 30, firstHourPackCap: 5 });
    const id = created.json().case.caseId;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/grail-cases/${id}`,
      headers: staff.headers,
      payload: { dropQueueMinutes: 0, firstHourPackCap: null },
    });
    expect(patched.json().case).toMatchObject({ dropQueueMinutes: 0, firstHourPackCap: null });
  });
});
