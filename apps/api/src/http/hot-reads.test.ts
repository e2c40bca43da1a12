import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import {
  createTestDatabase,
  testConfig,
  testEngine,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { createLiveCase } from '../../test/fixtures/grail.js';
import { fund } from '../../test/fixtures/wallet.js';
import { createUser } from '../../test/users.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Counts what reaches the database through the app's driver (PGlite's or the pg pool's own
 * entry points), so a test can prove a request read nothing.
 */
function countQueries(database: Database): { readonly n: number } {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const counter = { n: 0 };
  for (const name of ['query', 'exec', 'transaction', 'connect']) {
    const original = client[name];
    if (typeof original !== 'function') continue;
    client[name] = function (this: unknown, ...args: unknown[]) {
      counter.n++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return counter;
}

/**
 * Reads until the instance answers from memory. Its first read starts LISTEN, and nothing is kept
 * before that is in place, nor while a change announced earlier is still unheard.
 */
async function warm(app: App, url: string, queries: { readonly n: number }) {
  for (let i = 0; i < 200; i++) {
    await app.inject({ method: 'GET', url });
    const before = queries.n;
    await app.inject({ method: 'GET', url });
    if (queries.n === before) return;
    await sleep(25);
  }
  throw new Error(`${url} is never answered from memory`);
}

const PUBLIC_READS = [
  '/api/grail-cases/active',
  '/api/grail-cases/recent-pulls?limit=10',
  '/api/products/store-items?limit=4&sort=createdAt&order=desc',
  '/api/products/carousel-cards?limit=12&minFmv=0',
  '/api/config',
  '/api/maintenance/status',
];

describe(`hot reads (${testEngine})`, () => {
  let db: TestDatabase;
  let second: Database;
  let a: App;
  let b: App;
  let t: TestApp;
  let caseId: string;
  let cardId: string;
  let queriesA: { readonly n: number };
  let queriesB: { readonly n: number };

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two instances on one database; on PostgreSQL each has its own pool and LISTEN connection.
    second = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 4 }) : db.database;
    a = await buildApp({ config: testConfig(), database: db.database, logger: false });
    b = await buildApp({ config: testConfig(), database: second, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    queriesA = countQueries(db.database);
    queriesB = second === db.database ? queriesA : countQueries(second);
    t = { app: a, database: db.database, config: testConfig(), close: async () => undefined };
    const live = await createLiveCase(db.database, a.services.grailAdmin, {
      size: 20,
      packPrice: 5,
    });
    caseId = live.caseId;
    cardId = live.cardIds[0]!;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (second && second !== db.database) await second.close();
    await db?.drop();
  });

  it('answers with an ETag, and 304 with no body when the caller already holds it', async () => {
    for (const url of [...PUBLIC_READS, `/api/products/${cardId}`]) {
      await warm(a, url, queriesA);
      const first = await a.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const again = await a.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const other = await a.inject({ method: 'GET', url, headers: { 'if-none-match': '"old"' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(first.body);
    }
  });

  it("a visitor's reads touch the database not at all, session look-up included", async () => {
    for (const url of PUBLIC_READS) await warm(a, url, queriesA);
    const before = queriesA.n;
    for (const url of PUBLIC_READS) {
      const res = await a.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(queriesA.n - before).toBe(0);
    // The counter does see the database: a signed-in caller's session is looked up.
    const buyer = await createUser(t);
    const signedIn = queriesA.n;
    await a.inject({ method: 'GET', url: '/api/config', headers: buyer.headers });
    expect(queriesA.n).toBeGreaterThan(signedIn);
  });

  it('a purchase on one instance changes `remaining` on the other within a second', async () => {
    const buyer = await createUser(t);
    await fund(db.database, buyer.id, 10_000);
    await warm(b, '/api/grail-cases/active', queriesB);
    const remaining = async () =>
      (await b.inject({ method: 'GET', url: '/api/grail-cases/active' })).json<{
        remaining: number;
      }>().remaining;
    const before = await remaining();
    const bought = await a.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...buyer.headers, 'idempotency-key': 'hot-reads-purchase-1' },
      payload: {},
    });
    expect(bought.statusCode).toBe(201);
    const started = Date.now();
    let now = before;
    while (now === before && Date.now() - started < 1_000) {
      await sleep(10);
      now = await remaining();
    }
    expect(now).toBe(before - 1);
  });

  it('an admin change on one instance reaches the other instance', async () => {
    await warm(b, `/api/products/${cardId}`, queriesB);
    const admin = await createUser(t, { role: 'admin' });
    const changed = await a.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${cardId}`,
      headers: admin.headers,
      payload: { conditionNote: 'Sharp corners, centred.' },
    });
    expect(changed.statusCode).toBe(200);
    const started = Date.now();
    let note: unknown;
    while (note !== 'Sharp corners, centred.' && Date.now() - started < 1_000) {
      note = (await b.inject({ method: 'GET', url: `/api/products/${cardId}` })).json<{
        conditionNote: unknown;
      }>().conditionNote;
      if (note !== 'Sharp corners, centred.') await sleep(10);
    }
    expect(note).toBe('Sharp corners, centred.');
  });
});

describe(`hot reads without a notification (${testEngine})`, () => {
  const TTL_MS = 400;
  let db: TestDatabase;
  let app: App;
  let queries: { readonly n: number };

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ HOT_READS_TTL_MS: String(TTL_MS) }),
      database: db.database,
      logger: false,
    });
    await app.ready();
    queries = countQueries(db.database);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('serves a stale answer no longer than the TTL', async () => {
    const url = '/api/maintenance/status';
    const status = async () =>
      (await app.inject({ method: 'GET', url })).json<{ data: { isEnabled: boolean } }>().data
        .isEnabled;
    await warm(app, url, queries);
    expect(await status()).toBe(false);
    // A change no writer announced (as when a notification is lost).
    await db.database.db.execute(
      sql`insert into settings (key, value) values ('maintenance', ${JSON.stringify({ isEnabled: true, startedAt: null })}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    const changedAt = Date.now();
    // Still the remembered answer right after: it really is served from memory.
    expect(await status()).toBe(false);
    let seen = false;
    while (!seen && Date.now() - changedAt < TTL_MS * 3) {
      seen = await status();
      if (!seen) await sleep(10);
    }
    expect(seen).toBe(true);
    // Within the TTL, plus the time one read takes on a busy machine.
    expect(Date.now() - changedAt).toBeLessThan(TTL_MS + 250);
  });
});
