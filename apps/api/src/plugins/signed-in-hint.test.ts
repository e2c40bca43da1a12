import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE_NAME } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, TEST_PASSWORD } from '../../test/users.js';

/** The signed-in hint as the answer sets it: value and attributes. */
const hintOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${SIGNED_IN_COOKIE_NAME}=`));

describe(`the signed-in hint cookie (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  });
  afterAll(async () => t?.close());

  it('is set with the session at sign-in, readable by the page, and cleared at sign-out', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const hint = hintOf(login.headers['set-cookie']);
    expect(hint).toMatch(/^signed-in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    const { csrfToken, token } = login.json<{ csrfToken: string; token: string }>();

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie: `sid=${token}; ${SIGNED_IN_COOKIE_NAME}=1`,
        'x-csrf-token': csrfToken,
      },
    });
    expect(logout.statusCode).toBe(200);
    expect(hintOf(logout.headers['set-cookie'])).toMatch(/^signed-in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('is given to a cookie session that lacks it, and taken from one that has ended', async () => {
    const user = await createUser(t);
    const live = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { cookie: `sid=${user.token}` },
    });
    expect(hintOf(live.headers['set-cookie'])).toMatch(/^signed-in=1;/);

    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { cookie: `sid=no-such-session; ${SIGNED_IN_COOKIE_NAME}=1` },
    });
    expect(hintOf(ended.headers['set-cookie'])).toMatch(/^signed-in=;/);

    // A visitor carries neither and is told nothing.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });
});
