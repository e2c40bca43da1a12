import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DropOrderResponse, DropQueueResponse } from '@grail/contract';
import type { App } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import {
  buildTestApp,
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { activateNow, recomputeOrder } from '../../../test/fixtures/drops.js';

const COLLECTORS = 1_000;
const AT_ONCE = 50;

/**
 * Lets this worker's event loop read its messages between waves. On PGlite a wave's queries run
 * in this thread and resolve as microtasks, so a loop of waves never reached the poll phase: a
 * Vitest report sent at the test's start waited the whole test (100 s on a slow box), and Vitest
 * failed the run for an answer it took more than 60 s to read.
 */
const letMessagesIn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Two instances on one database: on PostgreSQL each has its own pool and LISTEN connection, as in
 * production; on PGlite they share the engine. Places are decided in the database, so it does not
 * matter which instance a collector joins through or which one draws the order.
 */
describe(`the drop queue across instances (${testEngine})`, () => {
  let testDb: TestDatabase;
  let second: Database;
  let a: App;
  let b: App;
  let caseId: string;
  let collectors: TestUser[];

  const asTestApp = (app: App, database: Database) =>
    ({ app, database, config: undefined as never, close: async () => undefined }) as const;
  const through = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    second = testDb.url
      ? await openDatabase({ databaseUrl: testDb.url, poolSize: 8 })
      : testDb.database;
    a = await buildTestApp(testDb.database);
    b = await buildTestApp(second);
    await Promise.all([a.ready(), b.ready()]);
    ({ caseId } = await createLiveCase(testDb.database, a.services.grailAdmin, {
      size: 10,
      activationTime: new Date(Date.now() + 5 * 60_000).toISOString(),
    }));
    // Straight into the database (no sign-up and no password hashing per collector).
    collectors = [];
    for (let i = 0; i < COLLECTORS; i += AT_ONCE) {
      const wave = Array.from({ length: AT_ONCE }, () => createUser(asTestApp(a, testDb.database)));
      collectors.push(...(await Promise.all(wave)));
      await letMessagesIn();
    }
  }, 300_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second !== testDb.database) await second?.close();
    await testDb?.drop();
  });

  const viewOf = async (app: App, who: TestUser) =>
    (
      await app.inject({ url: `/api/grail-cases/${caseId}/drop`, headers: who.headers })
    ).json() as DropQueueResponse;
  const orderOn = async (app: App) =>
    (
      await app.inject({ url: `/api/grail-cases/${caseId}/drop/order` })
    ).json() as DropOrderResponse;

  it('1,000 collectors join through two instances and get a permutation of places, recomputable from the seed', async () => {
    const entryIds: string[] = [];
    for (let i = 0; i < COLLECTORS; i += AT_ONCE) {
      const wave = collectors.slice(i, i + AT_ONCE).map(async (who, j) => {
        const res = await through(i + j).inject({
          method: 'POST',
          url: `/api/grail-cases/${caseId}/drop/entries`,
          headers: who.headers,
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as DropQueueResponse).you!.entryId;
      });
      entryIds.push(...(await Promise.all(wave)));
      await letMessagesIn();
    }
    expect(new Set(entryIds).size).toBe(COLLECTORS);
    // A refresh, on the other instance, keeps the place.
    expect((await viewOf(b, collectors[0]!)).you!.entryId).toBe(entryIds[0]);

    await activateNow(testDb.database, caseId);
    // Both instances reach activation at once: one draws the order, the other reads it.
    const [fromA, fromB] = await Promise.all([orderOn(a), orderOn(b)]);
    expect(fromB).toEqual(fromA);
    expect(fromA.entries.map((e) => e.position)).toEqual(
      Array.from({ length: COLLECTORS }, (_, i) => i + 1),
    );
    expect(new Set(fromA.entries.map((e) => e.entryId))).toEqual(new Set(entryIds));
    expect(
      recomputeOrder(
        fromA.seed!,
        fromA.entries.map((e) => e.entryId),
      ),
    ).toEqual(fromA.entries.map((e) => e.entryId));

    // Every collector sees, on either instance, their own entry at the place the list gives it.
    const placeOf = new Map(fromA.entries.map((e) => [e.entryId, e.position]));
    for (let i = 0; i < COLLECTORS; i += AT_ONCE) {
      const views = await Promise.all(
        collectors.slice(i, i + AT_ONCE).map((who, j) => viewOf(through(i + j + 1), who)),
      );
      views.forEach((v, j) => {
        expect(v.you!.entryId).toBe(entryIds[i + j]);
        expect(v.you!.position).toBe(placeOf.get(v.you!.entryId));
      });
      await letMessagesIn();
    }
  }, 300_000);

  it('loses nobody’s place when an instance restarts mid-admission', async () => {
    const before = await orderOn(a);
    await b.close();
    b = await buildTestApp(second);
    await b.ready();
    expect(await orderOn(b)).toEqual(before);
    const who = collectors[7]!;
    const mine = await viewOf(b, who);
    expect(before.entries.find((e) => e.entryId === mine.you!.entryId)!.position).toBe(
      mine.you!.position,
    );
  }, 120_000);
});
