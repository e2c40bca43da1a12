import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { sessions, users } from '../../db/schema/index.js';
import {
  bearer,
  cookiesOf,
  login,
  newAccount,
  register,
  signUp,
  tokenFromLink,
} from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

const PUBLIC_URL = 'https://grail.example';
const NEW_PASSWORD = 'Harbor-lantern-cobalt-58';

/** The newest mail to `to` whose subject matches, waiting for one sent in the background. */
async function mailTo(t: TestApp, to: string, subject: RegExp) {
  for (let i = 0; i < 100; i += 1) {
    const found = (await t.app.services.mail.outbox()).find(
      (m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

let ipCounter = 0;
/** A new client address, so sign-ups here stay under the per-IP registration limit. */
const nextIp = () => {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** A new account signed up from an address of its own. */
async function signUpFresh(t: TestApp) {
  const { res, body, data } = await register(t, newAccount(), nextIp());
  expect(res.statusCode, res.body).toBe(201);
  return { ...data, body, headers: bearer(data) };
}

const sessionCount = async (t: TestApp, userId: string) =>
  (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!
    .n;

describe(`auth hardening: links, limits, sessions (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // One trusted proxy, so a forwarded host would be believed if anything still read it.
    t = await createTestApp({ env: { PUBLIC_URL, TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  describe('links in e-mails come from PUBLIC_URL only', () => {
    it('mails a reset link on PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
      const account = await signUpFresh(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email: account.body.email },
      });
      expect(res.statusCode).toBe(200);
      const mail = await mailTo(t, account.body.email, /Reset/);
      expect(mail.links[0]).toMatch(/^https:\/\/grail\.example\/reset-password\/[\w-]{43}$/);
      expect(mail.text).not.toContain('evil.example');
    });

    it('mails the verification link on PUBLIC_URL whatever Host the sign-up names', async () => {
      const body = newAccount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: body,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(201);
      const mail = await mailTo(t, body.email, /Verify/);
      expect(mail.links[0]).toMatch(/^https:\/\/grail\.example\/auth\/callback\?token=/);
    });
  });

  describe('limits count before they check, atomically', () => {
    it('lets no more than 10 of 20 parallel wrong passwords for one account through (429 + Retry-After)', async () => {
      const account = await signUpFresh(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(t, account.body.email, 'Wrong-password-999', `198.51.100.${i + 1}`),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      for (const refused of answers.filter((r) => r.statusCode === 429)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('lets no more than 5 of 12 parallel forgot-password requests for one address through', async () => {
      const email = `parallel-${Date.now()}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email },
            remoteAddress: `192.0.2.${i + 1}`,
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
    });
  });

  describe('sessions and links after a password change', () => {
    it('a reset link issued before a password change no longer works, and other sessions end', async () => {
      const account = await signUpFresh(t);
      const other = (await login(t, account.body.email, TEST_PASSWORD)).json();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: account.body.email },
      });
      const token = tokenFromLink((await mailTo(t, account.body.email, /Reset/)).links[0]!);
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: bearer(account),
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(change.statusCode).toBe(200);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Another-fresh-passphrase-77' },
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().message).toBe('This reset link is invalid or has expired.');
      expect((await login(t, account.body.email, NEW_PASSWORD)).statusCode).toBe(200);
      const me = (s: { token: string; csrfToken: string }) =>
        t.app.inject({ url: '/api/auth/current', headers: bearer(s) });
      expect((await me(account)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
    });
  });

  describe('registering with a taken address', () => {
    it('answers exactly as a new sign-up, opens and changes nothing, and mails the owner', async () => {
      const owner = await signUpFresh(t);
      const [before] = await t.database.db.select().from(users).where(eq(users.id, owner.user._id));
      const sessionsBefore = await sessionCount(t, owner.user._id);

      const fresh = await register(t, newAccount(), nextIp());
      const taken = await register(
        t,
        newAccount({ email: owner.body.email.toUpperCase(), password: 'Quartz-willow-lantern-41' }),
        nextIp(),
      );
      expect(taken.res.statusCode).toBe(fresh.res.statusCode);
      expect(taken.res.statusCode).toBe(201);
      expect(Object.keys(taken.data).sort()).toEqual(Object.keys(fresh.data).sort());
      expect(Object.keys(taken.data.user).sort()).toEqual(Object.keys(fresh.data.user).sort());
      expect(taken.data.user).toMatchObject({
        email: owner.body.email.toUpperCase(),
        role: 'user',
        emailVerified: false,
      });
      expect(taken.data.user._id).not.toBe(owner.user._id);
      expect(Object.keys(cookiesOf(taken.res)).sort()).toEqual(
        Object.keys(cookiesOf(fresh.res)).sort(),
      );
      expect(taken.data.token).toMatch(/^[\w-]{43}$/);
      // The token opens nothing, and the owner's account and sessions are as they were.
      const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(taken.data) });
      expect(me.statusCode).toBe(401);
      expect(await sessionCount(t, owner.user._id)).toBe(sessionsBefore);
      const [after] = await t.database.db.select().from(users).where(eq(users.id, owner.user._id));
      expect(after).toEqual(before);
      expect((await login(t, owner.body.email, 'Quartz-willow-lantern-41')).statusCode).toBe(401);

      const notice = await mailTo(t, owner.body.email, /Someone tried to register/);
      expect(notice.links).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/forgot-password`]);
    });

    it('still refuses a taken username by name (usernames are public)', async () => {
      const owner = await signUpFresh(t);
      const { res } = await register(t, newAccount({ username: owner.body.username }), nextIp());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ field: 'username' });
    });
  });

  describe('signing out from another site', () => {
    const getLogout = (token: string, headers: Record<string, string>) =>
      t.app.inject({ url: '/api/auth/logout', cookies: { '__Host-sid': token }, headers });

    it.each([
      ['no fetch metadata at all', {}],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site: none (typed or bookmarked)', { 'sec-fetch-site': 'none' }],
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['a Referer of another site', { referer: 'https://evil.example/page' }],
      [
        'same-origin metadata but a Referer of another site',
        { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/page' },
      ],
      ['Origin: null', { origin: 'null' }],
    ])(
      'GET /api/auth/logout with %s ends nothing and answers a page that asks to confirm with a POST',
      async (_, headers) => {
        const account = await signUpFresh(t);
        const res = await getLogout(account.token, headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain('<form method="post" action="/api/auth/logout">');
        expect(res.body).toContain(`name="csrfToken" value="${account.csrfToken}"`);
        expect(res.body).toContain('<button type="submit">Sign out</button>');
        expect(cookiesOf(res)['__Host-sid']).toBeUndefined();
        const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(account) });
        expect(me.json().user?.email).toBe(account.user.email);
      },
    );

    it.each([
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['an Origin of PUBLIC_URL', { origin: PUBLIC_URL }],
      ['a Referer on PUBLIC_URL', { referer: `${PUBLIC_URL}/dashboard` }],
    ])('GET /api/auth/logout with %s signs out', async (_, headers) => {
      const account = await signUpFresh(t);
      const res = await getLogout(account.token, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out successfully.' });
      const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(account) });
      expect(me.statusCode).toBe(401);
    });

    it("the confirmation form's POST signs out only with the session's CSRF token", async () => {
      const account = await signUpFresh(t);
      const post = (csrfToken: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          cookies: { '__Host-sid': account.token },
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ csrfToken }).toString(),
        });
      for (const forged of ['', 'forged', `${account.csrfToken}x`]) {
        expect((await post(forged)).statusCode).toBe(403);
        const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(account) });
        expect(me.json().user?.email).toBe(account.user.email);
      }
      const confirmed = await post(account.csrfToken);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.headers['content-type']).toMatch(/^text\/html/);
      expect(confirmed.body).toContain('You are signed out');
      expect(cookiesOf(confirmed)['__Host-sid']!.value).toBe('');
      const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(account) });
      expect(me.statusCode).toBe(401);
    });

    it('no other endpoint reads a form body (a cross-site form still cannot sign anyone in)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40example.com&password=x',
      });
      expect(res.statusCode).toBe(415);
    });

    it('POST /api/auth/session/reset with a session needs its CSRF token; without one it only hands out a token', async () => {
      const account = await signUpFresh(t);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/reset',
        cookies: { '__Host-sid': account.token },
      });
      expect(forged.statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: '/api/auth/current', headers: bearer(account) })).statusCode,
      ).toBe(200);

      const ours = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/reset',
        cookies: { '__Host-sid': account.token },
        headers: { 'x-csrf-token': account.csrfToken },
      });
      expect(ours.statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/auth/current', headers: bearer(account) })).statusCode,
      ).toBe(401);

      const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/session/reset' });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json().csrfToken).toBeTruthy();
    });
  });
});

describe(`auth hardening: links without a PUBLIC_URL variable (${testEngine})`, () => {
  it('mails a reset link on the default PUBLIC_URL, never on the Host or X-Forwarded-Host sent', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const account = await signUpFresh(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email: account.body.email },
      });
      expect(res.statusCode).toBe(200);
      const mail = await mailTo(t, account.body.email, /Reset/);
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\/[\w-]{43}$/);
      expect(t.config.PUBLIC_URL).toBe('http://localhost:3000');
    } finally {
      await t.close();
    }
  });
});

/** What an authenticator app shows for `secret` now. */
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

describe(`auth hardening: per-account limits a password cannot clear (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function withTotp() {
    const account = await signUp(t);
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(account), payload });
    const { secret } = (await post('/api/auth/totp/setup')).json() as { secret: string };
    expect((await post('/api/auth/totp/enable', { code: codeNow(secret) })).statusCode).toBe(200);
    return { account, secret };
  }

  it('counts wrong TOTP codes per account across fresh challenges and IPs; a right password does not clear it', async () => {
    const { account } = await withTotp();
    let ip = 0;
    const challenge = async () => {
      ip += 1;
      const res = await login(t, account.body.email, TEST_PASSWORD, `198.18.1.${ip}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().challengeToken as string;
    };
    const guess = (challengeToken: string) => {
      ip += 1;
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/login/totp',
        payload: { challengeToken, code: '000000' },
        remoteAddress: `198.18.1.${ip}`,
      });
    };
    // 4 wrong codes per challenge stays under the per-challenge cap of 5.
    for (let round = 0; round < 2; round += 1) {
      const c = await challenge();
      for (let i = 0; i < 4; i += 1) expect((await guess(c)).statusCode).toBe(401);
    }
    const last = await challenge();
    expect((await guess(last)).statusCode).toBe(401);
    expect((await guess(last)).statusCode).toBe(401);
    const locked = await guess(await challenge());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().retryAfter).toBe(Number(locked.headers['retry-after']));
  });

  it('limits wrong re-entered passwords per account (changing the password), with Retry-After', async () => {
    const account = await signUp(t);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: bearer(account),
        payload: { currentPassword, newPassword: NEW_PASSWORD },
      });
    for (let i = 0; i < 5; i += 1)
      expect((await change('Not-my-password-00')).statusCode).toBe(400);
    const locked = await change(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, account.body.email, TEST_PASSWORD, '203.0.113.202')).statusCode).toBe(
      200,
    );
  });

  it('limits wrong passwords and wrong codes when turning two-factor off', async () => {
    const { account, secret } = await withTotp();
    const disable = (password: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/totp/disable',
        headers: bearer(account),
        payload: { password, code },
      });
    for (let i = 0; i < 5; i += 1)
      expect((await disable('Not-my-password-00', codeNow(secret))).statusCode).toBe(400);
    const locked = await disable(TEST_PASSWORD, codeNow(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});
