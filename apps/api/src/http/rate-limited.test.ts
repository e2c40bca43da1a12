import { Secret, TOTP } from 'otpauth';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointStatuses, type Endpoint } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/users.js';
import { rateLimitEvents } from '../db/schema/index.js';
import { LIMITS } from '../modules/auth/rate-limits.service.js';
import { runInEndpoint } from '../lib/endpoint-context.js';

const all = endpoints as Record<string, Endpoint>;
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * Every endpoint that takes an abuse limit documents its 429: the contract adds it wherever an
 * endpoint declares `rateLimited`, and the server refuses to take a limit for one that does not.
 */
describe(`abuse limits are documented where they are taken (${testEngine})`, () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const documented = (e: Endpoint) =>
    Object.keys(
      doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]![e.method.toLowerCase()]!.responses,
    ).map(Number);
  const events = async () =>
    (await t.database.db.select({ n: count() }).from(rateLimitEvents))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => t?.close());

  async function overTheLimit(
    e: Endpoint,
    user: TestUser,
    body: (password: string) => object,
  ): Promise<void> {
    const send = (password: string) =>
      t.app.inject({
        method: e.method,
        url: e.path,
        headers: user.headers,
        payload: body(password),
      });
    for (let i = 0; i < 5; i += 1) expect((await send('Not-my-password-00')).statusCode).toBe(400);
    const refused = await send(TEST_PASSWORD);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(endpointStatuses(e)).toContain(429);
    expect(documented(e)).toContain(429);
  }

  it('PUT /api/users/me/password answers 429 over its limit, and documents it', async () => {
    const user = await createUser(t);
    await overTheLimit(all.changePassword!, user, (currentPassword) => ({
      currentPassword,
      newPassword: 'Harbor-lantern-cobalt-58',
    }));
  });

  it('POST /api/auth/totp/disable answers 429 over its limit, and documents it', async () => {
    const user = await createUser(t);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: user.headers, payload });
    const { secret } = (await post('/api/auth/totp/setup')).json() as { secret: string };
    expect((await post('/api/auth/totp/enable', { code: codeNow(secret) })).statusCode).toBe(200);
    await overTheLimit(all.totpDisable!, user, (password) => ({ password, code: codeNow(secret) }));
  });

  it('every endpoint declared rateLimited documents 429 with its meaning', () => {
    const limited = Object.values(all).filter((e) => e.rateLimited);
    expect(limited.length).toBeGreaterThan(10);
    for (const e of limited) expect(documented(e), e.operationId).toContain(429);
  });

  it('an endpoint that takes a limit without declaring it fails loudly and counts nothing', async () => {
    const before = await events();
    const undeclared = { ...all.changePassword!, rateLimited: false };
    await expect(
      runInEndpoint(undeclared, () =>
        t.app.services.rateLimits.take([LIMITS.reauthFailuresPerAccount, 'undeclared']),
      ),
    ).rejects.toThrow(
      'PUT /api/users/me/password takes an abuse limit but its contract does not declare rateLimited',
    );
    expect(await events()).toBe(before);
    // Declared, or outside any endpoint (a worker, a CLI), the limit is taken.
    await runInEndpoint(all.changePassword!, () =>
      t.app.services.rateLimits.take([LIMITS.reauthFailuresPerAccount, 'declared']),
    );
    await t.app.services.rateLimits.take([LIMITS.reauthFailuresPerAccount, 'no endpoint']);
    expect(await events()).toBe(before + 2);
  });
});
