import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointStatuses, INVENTORY_CSV_COLUMNS, type Endpoint } from '@grail/contract';
import { ALL_FLAGS_ON, createTestApp, testEngine, type TestApp } from '../helpers.js';
import { createUser, type TestUser } from '../users.js';
import { arbitraryFor, asText, jsonSchemaOf, multipartFor } from './hostile.js';

/**
 * Property: whatever a caller sends to any endpoint of the contract, the answer is never a 5xx,
 * an error always has the `{ message, error }` shape, and a refused request writes nothing.
 * Fixed seed, so a failure replays; FUZZ_RUNS raises the budget for a longer hunt.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
// On a server (what CI has) the run covers PostgreSQL's own errors; otherwise PGlite.
const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Tables a refused request may legitimately touch: the session's last-seen time, abuse counters,
 * and the shared copy of the X feed (refreshed by whichever read finds it stale, whatever else
 * happens). Staff feed posts are not among them: only a successful save or delete changes those.
 */
const MAY_WRITE_ON_REFUSAL = new Set(['sessions', 'rate_limit_events', 'x_feed_cache']);

/** One importable inventory row, in INVENTORY_CSV_COLUMNS order; the fuzz spoils one cell. */
const GOOD_CSV_ROW = [
  ...['Fuzz card', 'Player', '2020', 'Set', '1', 'Baseball', '', 'PSA', '10', 'FUZZ-1'],
  ...['12.50', '', ''],
];

const fuzzed = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, e]) => e.responseKind !== 'event-stream',
);

let t: TestApp;
let anonymousCsrf: { token: string; cookie: string };

async function installWriteCounter(): Promise<void> {
  const { rows } = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  await t.database.db.execute(sql`create table fuzz_writes (n bigint not null)`);
  await t.database.db.execute(sql`insert into fuzz_writes values (0)`);
  await t.database.db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  for (const { tablename } of rows) {
    if (MAY_WRITE_ON_REFUSAL.has(tablename) || tablename.startsWith('__drizzle')) continue;
    // The outbox worker marks earlier requests' messages sent in the background: only a new
    // message (an insert) is a refused request's write there.
    const events =
      tablename === 'outbox_messages' ? 'insert or delete' : 'insert or update or delete';
    await t.database.db.execute(
      sql.raw(`create trigger fuzz_count after ${events} on "${tablename}"
        for each row execute function fuzz_count()`),
    );
  }
}

async function writes(): Promise<number> {
  const { rows } = (await t.database.db.execute(sql`select n from fuzz_writes`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(rows[0]!.n);
}

function requestArbitrary(e: Endpoint) {
  const params = arbitraryFor(jsonSchemaOf(e.params));
  const query = arbitraryFor(jsonSchemaOf(e.query));
  const raw = fc.constantFrom('', '\u0000', '{"a":1}', 'not json');
  const fields = Object.keys(jsonSchemaOf(e.body)?.properties ?? {});
  const body =
    (e.bodyKind ?? 'json') === 'json'
      ? arbitraryFor(jsonSchemaOf(e.body))
      : e.bodyKind === 'multipart'
        ? fc.oneof(raw, multipartFor(fields, INVENTORY_CSV_COLUMNS, GOOD_CSV_ROW))
        : raw;
  const idempotencyKey = fc.oneof(
    fc.uuid(),
    fc.constantFrom('', 'short', 'k'.repeat(200), 'bad key\u0000'),
  );
  return fc.record({ params, query, body, idempotencyKey });
}

const isMultipart = (body: unknown): body is { payload: Buffer; contentType: string } =>
  typeof body === 'object' &&
  body !== null &&
  Buffer.isBuffer((body as { payload?: unknown }).payload);

function urlOf(e: Endpoint, params: unknown, query: unknown): string {
  const p = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const path = e.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(asText(p[name]) || 'x'),
  );
  if (!query || typeof query !== 'object') return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) search.set(k, asText(v));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function headersFor(e: Endpoint, caller: TestUser | null): Record<string, string> {
  if (caller) return { ...caller.headers };
  return { 'x-csrf-token': anonymousCsrf.token, cookie: anonymousCsrf.cookie };
}

/** A fresh app at `rateLimitScale`, with the write counter and an anonymous CSRF token. */
async function openApp(rateLimitScale: string): Promise<void> {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: rateLimitScale, ...ALL_FLAGS_ON } });
  await installWriteCounter();
  const reset = await t.app.inject({ method: 'POST', url: '/api/auth/session/reset' });
  const cookie = reset.cookies.find((c) => c.name === 'csrf-token');
  anonymousCsrf = {
    token: (reset.json() as { csrfToken: string }).csrfToken,
    cookie: `csrf-token=${cookie?.value ?? ''}`,
  };
}

/** The property, for one endpoint: answers the statuses it saw. */
async function survivesHostileInput(e: Endpoint): Promise<Set<number>> {
  const seen = new Set<number>();
  const caller =
    e.guard === 'public'
      ? null
      : await createUser(t, { role: e.guard === 'admin' ? 'admin' : 'user' });

  if (e.guard !== 'public') {
    // Who the caller is comes first: an anonymous caller learns nothing about the body.
    const anonymous = await t.app.inject({
      method: e.method,
      url: urlOf(e, {}, {}),
      headers: { 'content-type': 'application/json' },
      payload: e.method === 'GET' ? undefined : JSON.stringify({ a: '\u0000', cardIds: [1] }),
    });
    expect(anonymous.statusCode, anonymous.body).toBe(401);
  }

  const documented = endpointStatuses(e);
  await fc.assert(
    fc.asyncProperty(requestArbitrary(e), async (input) => {
      const before = await writes();
      const hasBody = e.method !== 'GET' && e.method !== 'HEAD' && input.body !== undefined;
      const multipart = isMultipart(input.body) ? input.body : null;
      const url = urlOf(e, input.params, input.query);
      const res = await t.app.inject({
        method: e.method,
        url,
        headers: {
          ...headersFor(e, caller),
          ...(hasBody
            ? { 'content-type': multipart ? multipart.contentType : 'application/json' }
            : {}),
          ...(e.idempotent ? { 'idempotency-key': input.idempotencyKey } : {}),
        },
        payload: hasBody
          ? multipart
            ? multipart.payload
            : typeof input.body === 'string' && e.bodyKind
              ? input.body
              : JSON.stringify(input.body)
          : undefined,
      });
      seen.add(res.statusCode);
      const where = `${e.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      // The OpenAPI document lists every status an operation can answer.
      expect(documented, `undocumented status: ${where}`).toContain(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after'], where).toBeDefined();
      if (res.statusCode >= 400) {
        const body = res.json() as { message?: unknown; error?: unknown };
        expect(typeof body.message, where).toBe('string');
        expect(typeof body.error, where).toBe('string');
        expect(await writes(), `a refused request wrote rows: ${where}`).toBe(before);
      }
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  return seen;
}

describe.runIf(testEngine === engine)(`every endpoint survives hostile input (${engine})`, () => {
  beforeAll(() => openApp('100000'));
  afterAll(async () => {
    await t?.close();
  });
  // Staff may switch maintenance on (PUT /api/admin/maintenance accepts it); every later write
  // would then answer its documented 503, so each endpoint starts on an open site.
  afterEach(async () => {
    if ((await t.app.services.maintenance.status()).isEnabled) {
      await t.app.services.maintenance.set(false);
    }
  });

  it('declares at least the endpoints the app serves', () => {
    expect(fuzzed.length).toBeGreaterThan(20);
  });

  for (const [name, e] of fuzzed) {
    it(`${name}: ${e.method} ${e.path}`, async () => {
      await survivesHostileInput(e);
    });
  }
});

/**
 * Every abuse limit at one attempt, so hostile input reaches the 429s: each is documented (and an
 * endpoint taking a limit it does not declare would answer 500, see lib/endpoint-context.ts).
 */
describe.runIf(testEngine === engine)(`rate-limited endpoints at their limit (${engine})`, () => {
  const limited = fuzzed.filter(([, e]) => e.rateLimited);
  const reached = new Set<string>();
  beforeAll(() => openApp('0.000001'));
  afterAll(async () => {
    await t?.close();
  });

  for (const [name, e] of limited) {
    it(`${name}: ${e.method} ${e.path}`, async () => {
      if ((await survivesHostileInput(e)).has(429)) reached.add(name);
    });
  }

  // Hostile input gets far enough to count there (turning two-factor off needs it on first).
  it('reached the 429 of the password change and the photo upload', () => {
    expect([...reached]).toEqual(expect.arrayContaining(['changePassword', 'uploadPhoto']));
  });
});
