import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { rateLimitEvents } from '../../db/schema/index.js';
import { login, newAccount, register, signUp } from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

describe(`auth: abuse limits kept in the database (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks an account after 10 failed sign-ins in 15 minutes (429 + Retry-After), from any IP', async () => {
    const account = await signUp(t);
    for (let i = 0; i < 10; i += 1) {
      const res = await login(t, account.body.email, 'Wrong-password-999', `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(t, account.body.email, TEST_PASSWORD, '198.51.100.77');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many attempts/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.json().retryAfter).toBe(retryAfter);
    expect(locked.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('limits one IP to 10 failed sign-ins across accounts', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t, `nobody${i}@example.com`, 'Wrong-password-999', ip)).statusCode).toBe(
        401,
      );
    }
    const other = await signUp(t);
    expect((await login(t, other.body.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(t, other.body.email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(200);
  });

  it('limits forgot-password to 5 an hour per email and per IP, and registration to 10 per IP', async () => {
    const forgot = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await forgot('target@example.com', `192.0.2.${i}`)).statusCode).toBe(200);
    }
    expect((await forgot('target@example.com', '192.0.2.50')).statusCode).toBe(429);
    for (let i = 0; i < 5; i += 1) {
      expect((await forgot(`other${i}@example.com`, '192.0.2.99')).statusCode).toBe(200);
    }
    const perIp = await forgot('fresh@example.com', '192.0.2.99');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBeDefined();

    const ip = '192.0.2.200';
    for (let i = 0; i < 10; i += 1) {
      const { res } = await register(t, newAccount(), ip);
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await register(t, newAccount(), ip);
    expect(eleventh.res.statusCode).toBe(429);
  });

  it('keeps the counts in the rate_limit_events table', async () => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(like(rateLimitEvents.bucket, 'login:ip:%'));
    expect(row!.n).toBeGreaterThanOrEqual(20);
  });
});

describe(`auth: RATE_LIMIT_SCALE and TRUST_PROXY (${testEngine})`, () => {
  it('RATE_LIMIT_SCALE=2 doubles the limit; behind one trusted hop the client cannot pick its own address', async () => {
    // One proxy hop (a load balancer): the client address is the entry the balancer appended,
    // the last one. Whatever the client wrote before it (a forged leftmost entry) is ignored.
    const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '2', TRUST_PROXY: '1' } });
    try {
      const attempt = (forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: `x${Math.random()}@example.com`, password: 'Wrong-password-999' },
        });
      for (let i = 0; i < 20; i += 1) {
        // A new forged address each time, in front of the real one the balancer appended.
        const res = await attempt(`203.0.113.${i + 1}, 198.18.0.1`);
        expect(res.statusCode).toBe(401);
      }
      const forged = await attempt('203.0.113.250, 198.18.0.1');
      expect(forged.statusCode).toBe(429);
      expect(forged.headers['retry-after']).toBeDefined();
      // Another real client behind the same balancer is counted on its own.
      expect((await attempt('203.0.113.1, 198.18.0.2')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not escape the limit', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 10; i += 1) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
          payload: { email: `y${i}@example.com`, password: 'Wrong-password-999' },
        });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '10.0.0.99' },
        payload: { email: 'z@example.com', password: 'Wrong-password-999' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
