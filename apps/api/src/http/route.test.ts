import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, type TestUser } from '../../test/users.js';

describe(`every route's shared rules (${testEngine})`, () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an encoded path reaches the same route and the same checks (no CSRF bypass)', async () => {
    const body = { clientSeed: 'encoded-path-seed', pullsAnonymous: true };
    for (const url of ['/%61pi/pulls/preferences', '/api/%70ulls/preferences']) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: user.headers.authorization! },
        payload: body,
      });
      expect([403, 404], `${url} ${res.body}`).toContain(res.statusCode);
    }
    const prefs = await t.app.inject({ url: '/api/pulls/preferences', headers: user.headers });
    expect(prefs.json().clientSeed).not.toBe('encoded-path-seed');
  });

  it('signed-in answers are never cached; public reads may be', async () => {
    const mine = await t.app.inject({ url: '/api/pulls', headers: user.headers });
    expect(mine.headers['cache-control']).toBe('no-store');
    const wallet = await t.app.inject({ url: '/api/wallet', headers: user.headers });
    expect(wallet.headers['cache-control']).toBe('no-store');
    const current = await t.app.inject({ url: '/api/auth/current', headers: user.headers });
    expect(current.headers['cache-control']).toBe('no-store');
  });

  it('refuses a NUL character anywhere in the input as bad input naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/pulls/preferences',
      headers: user.headers,
      payload: { clientSeed: 'seed\u0000x', pullsAnonymous: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'clientSeed', error: 'Bad Request' });
    const query = await t.app.inject({ url: '/api/products/store-items?q=card%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().field).toBe('q');
  });
});
