import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { insertCard } from '../../test/fixtures/catalog.js';
import { createLiveCase } from '../../test/fixtures/grail.js';
import { fund } from '../../test/fixtures/wallet.js';
import { createUser } from '../../test/users.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Headers that differ between any two answers, whoever sends them. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const lasting = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER.has(name)));

describe(`the front door answers visitors' hot reads from memory (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  /** Requests that reached Fastify (its first hook); the front door's answers do not count. */
  let reachedApp = 0;
  let caseId: string;
  let cardId: string;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.addHook('onRequest', async () => {
          reachedApp++;
        });
      },
    });
    caseId = (await createLiveCase(t.database, t.app.services.grailAdmin, { size: 20 })).caseId;
    // Enough store items that their answer is over the compression threshold.
    for (let i = 0; i < 12; i++)
      cardId = (await insertCard(t.database.db, { player: `Player ${i}` })).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  /** Reads `url` until an answer comes from the front door; returns the app's and the door's. */
  async function warm(url: string, init: RequestInit = {}) {
    for (let i = 0; i < 200; i++) {
      const before = reachedApp;
      const res = await fetch(`${base}${url}`, init);
      const body = Buffer.from(await res.arrayBuffer());
      if (reachedApp === before) return { res, body };
      await sleep(20);
    }
    throw new Error(`${url} never answered by the front door`);
  }

  it("sends the app's answer: same status, body and headers", async () => {
    for (const url of [
      '/api/config',
      '/api/grail-cases/active',
      '/api/grail-cases/recent-pulls?limit=10',
      '/api/maintenance/status',
      '/api/products/carousel-cards?limit=12&minFmv=0',
      '/api/products/store-items?limit=4&sort=createdAt&order=desc',
      `/api/products/${cardId}`,
    ]) {
      const before = reachedApp;
      const fromApp = await fetch(`${base}${url}`, { headers: { cookie: 'sid=' } });
      expect(reachedApp, url).toBe(before + 1);
      const door = await warm(url);
      expect(door.res.status, url).toBe(fromApp.status);
      expect(door.body.toString(), url).toBe(await fromApp.text());
      expect(lasting(door.res.headers), url).toEqual(lasting(fromApp.headers));
      // A public read carries only the headers that protect it (decision 016).
      expect(door.res.headers.get('content-security-policy'), url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(door.res.headers.get('x-content-type-options'), url).toBe('nosniff');
      // An answer from memory writes no log line, so it names none.
      expect(door.res.headers.get('x-request-id'), url).toBeNull();
    }
  });

  it('answers 304 to the ETag it sent, and keeps a plausible request id of the caller', async () => {
    let fromMemory = false;
    // An answer warmed at the end of its TTL may expire before the next request: warm it again.
    for (let i = 0; i < 5 && !fromMemory; i++) {
      const { res } = await warm('/api/config');
      const etag = res.headers.get('etag')!;
      const before = reachedApp;
      const again = await fetch(`${base}/api/config`, {
        headers: { 'if-none-match': etag, 'x-request-id': 'drop-day-0001' },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('x-request-id')).toBe('drop-day-0001');
      fromMemory = reachedApp === before;
    }
    expect(fromMemory).toBe(true);
  });

  it('compresses a large answer once, in the encoding the caller accepts', async () => {
    const url = '/api/products/store-items?limit=12';
    const plain = await warm(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const before = reachedApp;
      // node:http, not fetch: fetch would decompress the body and hide the encoding.
      const { headers, body } = await rawGet(`${base}${url}`, { 'accept-encoding': encoding });
      expect(reachedApp, encoding).toBe(before);
      expect(headers['content-encoding'], encoding).toBe(encoding);
      expect(headers.vary, encoding).toBe('accept-encoding');
      expect(Number(headers['content-length']), encoding).toBe(body.length);
      expect(inflate(body).toString(), encoding).toBe(plain.body.toString());
    }
  });

  it('leaves a caller with a credential, any other method and an unread URL to the app', async () => {
    await warm('/api/config');
    const buyer = await createUser(t);
    const cases: [string, RequestInit][] = [
      ['/api/config', { headers: { cookie: `theme=dark; sid=${buyer.token}` } }],
      ['/api/config', { headers: { cookie: `__Host-sid=${buyer.token}` } }],
      ['/api/config', { headers: { authorization: `Bearer ${buyer.token}` } }],
      ['/api/config', { method: 'HEAD' }],
      ['/api/config?x=1', {}],
      ['/api/%63onfig', {}],
    ];
    for (const [url, init] of cases) {
      const before = reachedApp;
      await fetch(`${base}${url}`, init);
      expect(reachedApp, `${url} ${JSON.stringify(init)}`).toBe(before + 1);
    }
  });

  it('never sends an answer from before a purchase once the purchase is made', async () => {
    const remaining = async () =>
      (await (await fetch(`${base}/api/grail-cases/active`)).json()) as { remaining: number };
    await warm('/api/grail-cases/active');
    const before = (await remaining()).remaining;
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 10_000);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...buyer.headers, 'idempotency-key': 'front-door-purchase-1' },
      payload: {},
    });
    expect(bought.statusCode).toBe(201);
    // The buying instance drops its answer when the purchase commits, before it answers.
    expect((await remaining()).remaining).toBe(before - 1);
  });
});

function rawGet(url: string, headers: Record<string, string>) {
  return import('node:http').then(
    ({ get }) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (done, fail) => {
          get(url, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', fail);
        },
      ),
  );
}
