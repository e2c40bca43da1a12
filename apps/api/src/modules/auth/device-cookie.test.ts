import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { cookiesOf, login, signUp } from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';
import { users } from '../../db/schema/index.js';

const PUBLIC_URL = 'https://grail.example';
const WRONG = 'Wrong-password-999';

let ipCounter = 0;
const strangerIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describe(`auth: a known browser is never locked out by strangers (device cookie, ${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => t.close());

  /** Signs in from a browser with `device` (or none), from the owner's address. */
  const signIn = (email: string, password: string, device?: string, ip = '192.0.2.10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      ...(device ? { cookies: { '__Host-device': device } } : {}),
    });

  /** An account whose owner has signed in once from their browser: its device cookie. */
  async function ownerWithBrowser() {
    const account = await signUp(t);
    const first = await signIn(account.body.email, TEST_PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const cookie = cookiesOf(first)['__Host-device'];
    expect(cookie).toBeDefined();
    return { account, device: cookie!.value, cookie: cookie! };
  }

  /** What a stranger does: wrong passwords for the address, from many machines. */
  async function strangerFails(email: string, times: number) {
    for (let i = 0; i < times; i += 1) {
      const res = await login(t, email, WRONG, strangerIp());
      expect([401, 429]).toContain(res.statusCode);
    }
  }

  it('a sign-in sets a signed, httpOnly, Secure, SameSite=Lax device cookie that lasts', async () => {
    const { cookie } = await ownerWithBrowser();
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.secure).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
  });

  it("after a stranger's 100 failures the owner's known browser signs in at once; a new browser is still limited", async () => {
    const { account, device } = await ownerWithBrowser();
    await strangerFails(account.body.email, 100);

    const known = await signIn(account.body.email, TEST_PASSWORD, device);
    expect(known.statusCode, known.body).toBe(200);
    expect(cookiesOf(known)['__Host-sid']).toBeDefined();

    const fresh = await signIn(account.body.email, TEST_PASSWORD, undefined, '192.0.2.11');
    expect(fresh.statusCode).toBe(429);
    expect(cookiesOf(fresh)['__Host-sid']).toBeUndefined();
  });

  it("a forged cookie, or another account's cookie, gives no exemption", async () => {
    const { account, device } = await ownerWithBrowser();
    const other = await ownerWithBrowser();
    await strangerFails(account.body.email, 12);

    const [userId, deviceId] = device.split('.');
    const forged = `${userId}.${deviceId}.${'A'.repeat(43)}`;
    expect((await signIn(account.body.email, TEST_PASSWORD, forged)).statusCode).toBe(429);
    expect((await signIn(account.body.email, TEST_PASSWORD, other.device)).statusCode).toBe(429);
    // The other account's own browser is unaffected.
    expect((await signIn(other.account.body.email, TEST_PASSWORD, other.device)).statusCode).toBe(
      200,
    );
  });

  it('a stolen device cookie gets only 5 guesses of its own', async () => {
    const { account, device } = await ownerWithBrowser();
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(account.body.email, WRONG, device, strangerIp())).statusCode).toBe(401);
    const sixth = await signIn(account.body.email, TEST_PASSWORD, device, strangerIp());
    expect(sixth.statusCode).toBe(429);
    // Its failures were its own: a new browser of the owner still has the account's budget.
    expect(
      (await signIn(account.body.email, TEST_PASSWORD, undefined, '192.0.2.12')).statusCode,
    ).toBe(200);
  });

  it('with two-factor on, wrong codes elsewhere do not lock the known browser out of the code step', async () => {
    const { account, device } = await ownerWithBrowser();
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: account.headers,
    });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret) });
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: account.headers,
      payload: { code: totp.generate() },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Someone who learnt the password spends the account's code budget from their machine.
    for (let i = 0; i < 3; i += 1) {
      const step = await signIn(account.body.email, TEST_PASSWORD, undefined, strangerIp());
      expect(step.statusCode).toBe(200);
      for (let j = 0; j < 4; j += 1)
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/totp',
          payload: { challengeToken: step.json().challengeToken, code: '000000' },
          remoteAddress: strangerIp(),
        });
    }
    const elsewhere = await signIn(account.body.email, TEST_PASSWORD, undefined, '192.0.2.13');
    const lockedCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/totp',
      payload: { challengeToken: elsewhere.json().challengeToken, code: totp.generate() },
      remoteAddress: '192.0.2.13',
    });
    expect(lockedCode.statusCode).toBe(429);

    // The owner's browser. (The step enable used is made free again, so this test need not wait
    // 30 s for the next code.)
    await t.database.db
      .update(users)
      .set({ totpLastStep: null })
      .where(eq(users.id, account.user._id));
    const mine = await signIn(account.body.email, TEST_PASSWORD, device);
    expect(mine.statusCode).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/totp',
      payload: { challengeToken: mine.json().challengeToken, code: totp.generate() },
      cookies: { '__Host-device': device },
    });
    expect(code.statusCode, code.body).toBe(200);
  });
});
