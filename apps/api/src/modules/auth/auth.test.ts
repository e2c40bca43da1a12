import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { sessions, users } from '../../db/schema/index.js';
import {
  bearer,
  cookiesOf,
  login,
  newAccount,
  register,
  signUp,
} from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

const userCount = async (t: TestApp) =>
  (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe(`auth: sign-up, sign-in, sessions, CSRF (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  describe('POST /api/auth/register', () => {
    it('creates the account, signs in, and mails a verification link', async () => {
      const { res, body, data } = await register(t);
      expect(res.statusCode).toBe(201);
      expect(data.user).toMatchObject({
        email: body.email,
        username: body.username,
        role: 'user',
        emailVerified: false,
        profileComplete: false,
        totpEnabled: false,
      });
      expect(data.token).toMatch(/^[\w-]{43}$/);
      expect(data.csrfToken).toBeTruthy();
      expect(JSON.stringify(data)).not.toMatch(/password|\$argon2/i);
      const mail = (await t.app.services.mail.outbox())[0]!;
      expect(mail.to).toBe(body.email);
      expect(mail.links[0]).toMatch(/^http:\/\/localhost(:\d+)?\/auth\/callback\?token=[\w-]{43}$/);
      // The token it returns is a live session, by cookie and by Bearer.
      const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(data) });
      expect(me.json().user.email).toBe(body.email);
      const byCookie = await t.app.inject({
        url: '/api/auth/current',
        cookies: { sid: data.token },
      });
      expect(byCookie.json().user._id).toBe(data.user._id);
    });

    it('stores only an argon2id hash (19 MiB, 2 passes) and the SHA-256 of the session token', async () => {
      const { data } = await register(t);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, data.user._id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+)/);
      const [, m, tCost] = /m=(\d+),t=(\d+)/.exec(row!.passwordHash)!;
      expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
      expect(Number(tCost)).toBeGreaterThanOrEqual(2);
      const stored = await t.database.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.userId, data.user._id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(data.token);
      expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('sets sid httpOnly, SameSite=Lax, Path=/, and a page-readable csrf-token for a day', async () => {
      const { res, data } = await register(t);
      const c = cookiesOf(res);
      expect(c.sid).toMatchObject({
        value: data.token,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(c.sid!.secure).toBeFalsy();
      expect(c['csrf-token']).toMatchObject({ value: data.csrfToken, path: '/', maxAge: 86400 });
      expect(c['csrf-token']!.httpOnly).toBeFalsy();
    });

    it('marks cookies Secure when the site is served over HTTPS', async () => {
      const https = await createTestApp({ env: { PUBLIC_URL: 'https://grail.example' } });
      try {
        const { res } = await register(https);
        const c = cookiesOf(res);
        // Over https the session cookie is __Host-: Secure, Path=/, no Domain.
        expect(c.sid).toBeUndefined();
        expect(c['__Host-sid']).toMatchObject({ secure: true, path: '/', httpOnly: true });
        expect(c['__Host-sid']!.domain).toBeUndefined();
        expect(c['csrf-token']).toMatchObject({ secure: true, sameSite: 'Strict' });
        const mail = (await https.app.services.mail.outbox())[0]!;
        expect(mail.links[0]).toMatch(/^https:\/\/grail\.example\/auth\/callback\?token=/);
        // The __Host- cookie signs the caller in.
        const me = await https.app.inject({
          url: '/api/auth/current',
          cookies: { '__Host-sid': c['__Host-sid']!.value },
        });
        expect(me.statusCode).toBe(200);
      } finally {
        await https.close();
      }
    });

    it('marks cookies Secure when a trusted proxy says the request came over https', async () => {
      const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
      try {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-forwarded-proto': 'https' },
          payload: newAccount(),
        });
        expect(res.statusCode, res.body).toBe(201);
        const c = cookiesOf(res);
        expect(c['__Host-sid']!.secure).toBe(true);
        expect(c['csrf-token']!.secure).toBe(true);
      } finally {
        await proxied.close();
      }
    });

    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ['missing email', { email: undefined }, /email/],
      ['a bad email', { email: 'not-an-email' }, /Enter a valid email address/],
      ['a too-long email', { email: `${'a'.repeat(250)}@example.com` }, /Email is too long/],
      ['a number as username', { username: 12345 }, /username/],
      ['a too-short username', { username: 'ab' }, /at least 3 characters/],
      ['a too-long username', { username: 'a'.repeat(25) }, /at most 24 characters/],
      ['a username with spaces', { username: 'card guy' }, /may only use letters/],
      ['a short password', { password: 'Ab1!x' }, /at least 8 characters/],
      ['a too-long password', { password: `Aa1!${'x'.repeat(125)}` }, /at most 128 characters/],
      ['terms not accepted', { acceptTerms: false }, /accept the Terms of Service/],
      ['terms missing', { acceptTerms: undefined }, /acceptTerms|Terms/],
    ];
    it.each(bad)(
      'refuses %s with 400 naming the problem, and writes nothing',
      async (_, o, msg) => {
        const before = await userCount(t);
        const { res } = await register(t, newAccount(o));
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Bad Request');
        expect(res.json().message).toMatch(msg);
        expect(cookiesOf(res).sid).toBeUndefined();
        expect(await userCount(t)).toBe(before);
      },
    );

    it.each([
      ['a common password', 'password123', /commonly used|easy to guess|too weak/i],
      ['the username as password', 'collector_weakpw', /too weak/i],
      ['a keyboard row', 'qwertyuiop', /too weak/i],
    ])('refuses %s as too weak and says why', async (_, password, msg) => {
      const before = await userCount(t);
      const { res } = await register(
        t,
        newAccount({ password, username: 'collector_weakpw', email: 'weak@example.com' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'password' });
      expect(res.json().message).toMatch(msg);
      expect(await userCount(t)).toBe(before);
    });

    it('refuses a duplicate username (any case) with 409; a taken email (any case) looks like a new sign-up', async () => {
      const first = await signUp(t);
      const before = await userCount(t);
      // Whether an address has an account is nobody's business: the same 201 as a new one.
      const sameEmail = await register(t, newAccount({ email: first.body.email.toUpperCase() }));
      expect(sameEmail.res.statusCode).toBe(201);
      expect(sameEmail.data.user._id).not.toBe(first.user._id);
      const sameName = await register(
        t,
        newAccount({ username: first.body.username.toUpperCase() }),
      );
      expect(sameName.res.statusCode).toBe(409);
      expect(sameName.res.json()).toMatchObject({
        message: 'This username is already taken.',
        field: 'username',
      });
      expect(await userCount(t)).toBe(before);
    });

    it('refuses malformed JSON and a wrong content type', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with any case of the email and opens a NEW session every time', async () => {
      const account = await signUp(t);
      const a = await login(t, account.body.email.toLowerCase(), TEST_PASSWORD);
      const b = await login(t, account.body.email.toUpperCase(), TEST_PASSWORD);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const tokens = [account.token, a.json().token, b.json().token];
      expect(new Set(tokens).size).toBe(3);
      expect(new Set([account.csrfToken, a.json().csrfToken, b.json().csrfToken]).size).toBe(3);
      expect(cookiesOf(a).sid!.value).toBe(a.json().token);
      expect(a.json().user.username).toBe(account.body.username);
    });

    it('ignores a session id planted before sign-in (no fixation)', async () => {
      const account = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        cookies: { sid: 'attacker-chosen-session-id' },
        payload: { email: account.body.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(cookiesOf(res).sid!.value).not.toBe('attacker-chosen-session-id');
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const account = await signUp(t);
      const wrong = await login(t, account.body.email, 'Not-the-right-one-42');
      const unknown = await login(t, 'nobody-here@example.com', 'Not-the-right-one-42');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid email or password', error: 'Unauthorized' });
      expect(unknown.json()).toEqual(wrong.json());
      expect(cookiesOf(wrong).sid).toBeUndefined();
    });

    it.each([
      [{ password: 'x' }, /email/],
      [{ email: 'a@b.co' }, /password/],
      [{ email: 'nope', password: 'x' }, /valid email/],
      [{ email: 'a@b.co', password: 'x'.repeat(129) }, /password/],
      [{ email: ['a@b.co'], password: 'x' }, /email/],
    ])('refuses %o with 400', async (payload, msg) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(msg);
    });
  });

  describe('GET /api/auth/current', () => {
    it('answers a visitor 200 with user null and a working anonymous CSRF token, never cached', async () => {
      const res = await t.app.inject({ url: '/api/auth/current' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { user, csrfToken } = res.json();
      expect(user).toBeNull();
      expect(csrfToken).toEqual(expect.any(String));
      expect(cookiesOf(res)['csrf-token']!.value).toBe(csrfToken);
      // The token is one a visitor's POST may carry, and the next call keeps it.
      const again = await t.app.inject({
        url: '/api/auth/current',
        cookies: { 'csrf-token': csrfToken },
      });
      expect(again.json()).toEqual({ user: null, csrfToken });
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        cookies: { 'csrf-token': csrfToken },
        headers: { 'x-csrf-token': csrfToken },
        payload: { token: 'not-a-real-token' },
      });
      expect(verify.statusCode).toBe(400);
    });

    it('answers 401 to a session that ended, and clears its cookies', async () => {
      const account = await signUp(t);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(account) });
      const res = await t.app.inject({ url: '/api/auth/current', cookies: { sid: account.token } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Not authenticated');
      expect(cookiesOf(res).sid!.value).toBe('');
    });

    it('answers the user and CSRF token, never cached', async () => {
      const account = await signUp(t);
      const res = await t.app.inject({
        url: '/api/auth/current',
        headers: { ...bearer(account), 'cache-control': 'no-cache' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ user: account.user, csrfToken: account.csrfToken });
    });

    it('refuses a session past its 7-day idle limit or its 30-day life', async () => {
      const idle = await signUp(t);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '8 days'` })
        .where(eq(sessions.userId, idle.user._id));
      expect(
        (await t.app.inject({ url: '/api/auth/current', headers: bearer(idle) })).statusCode,
      ).toBe(401);
      const old = await signUp(t);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.userId, old.user._id));
      expect(
        (await t.app.inject({ url: '/api/auth/current', headers: bearer(old) })).statusCode,
      ).toBe(401);
    });
  });

  describe('logout and session reset', () => {
    it.each(['GET', 'POST'] as const)(
      '%s /api/auth/logout ends the session for Bearer and cookie alike, and clears cookies',
      async (method) => {
        const account = await signUp(t);
        const res = await t.app.inject({
          method,
          url: '/api/auth/logout',
          // A GET signs out only from our own page (hardening.test.ts has the others).
          headers: { ...bearer(account), 'sec-fetch-site': 'same-origin' },
        });
        expect(res.statusCode).toBe(200);
        const c = cookiesOf(res);
        expect(c.sid!.value).toBe('');
        expect(c['csrf-token']!.value).toBe('');
        for (const auth of [{ headers: bearer(account) }, { cookies: { sid: account.token } }]) {
          const after = await t.app.inject({ url: '/api/auth/current', ...auth });
          expect(after.statusCode).toBe(401);
        }
      },
    );

    it('POST /api/auth/session/reset drops the session and hands out a working anonymous CSRF token', async () => {
      const account = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/reset',
        cookies: { sid: account.token },
        // With a session the reset proves it comes from our page (hardening.test.ts).
        headers: { 'x-csrf-token': account.csrfToken },
      });
      expect(res.statusCode).toBe(200);
      const { csrfToken } = res.json() as { csrfToken: string };
      expect(csrfToken).toBeTruthy();
      expect(csrfToken).not.toBe(account.csrfToken);
      expect(cookiesOf(res)['csrf-token']!.value).toBe(csrfToken);
      expect(
        (await t.app.inject({ url: '/api/auth/current', cookies: { sid: account.token } }))
          .statusCode,
      ).toBe(401);
      // The anonymous token lets a visitor make a CSRF-checked call (it answers on its merits).
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers: { 'x-csrf-token': csrfToken },
        cookies: { 'csrf-token': csrfToken },
        payload: { token: 'unknown' },
      });
      expect(verify.statusCode).toBe(400);
    });
  });

  describe('CSRF', () => {
    it('refuses a state change without or with a wrong x-csrf-token, and changes nothing', async () => {
      const account = await signUp(t);
      for (const headers of [
        { authorization: `Bearer ${account.token}` },
        { authorization: `Bearer ${account.token}`, 'x-csrf-token': 'forged' },
        { authorization: `Bearer ${account.token}`, 'x-csrf-token': account.csrfToken + 'x' },
      ]) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/theme',
          headers,
          payload: { theme: 'dark' },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Invalid CSRF token', error: 'CSRF token mismatch' });
      }
      const cookieOnly = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { sid: account.token },
      });
      expect(cookieOnly.statusCode).toBe(403);
      const theme = await t.app.inject({ url: '/api/theme', headers: bearer(account) });
      expect(theme.json()).toEqual({ theme: null });
      expect(
        (await t.app.inject({ url: '/api/auth/current', headers: bearer(account) })).statusCode,
      ).toBe(200);
    });

    it("refuses another session's CSRF token", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/theme',
        headers: { authorization: `Bearer ${a.token}`, 'x-csrf-token': b.csrfToken },
        payload: { theme: 'dark' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('needs no CSRF token on the public auth calls', async () => {
      for (const [url, payload] of [
        ['/api/auth/login', { email: 'x@example.com', password: 'whatever-it-is' }],
        ['/api/auth/login/totp', { challengeToken: 'none', code: '123456' }],
        ['/api/auth/forgot-password', { email: 'x@example.com' }],
        ['/api/auth/reset-password', { token: 'none', password: TEST_PASSWORD }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode, url).not.toBe(403);
      }
    });
  });

  describe('theme', () => {
    it('is 401 for a visitor and saved per user', async () => {
      expect((await t.app.inject({ url: '/api/theme' })).statusCode).toBe(401);
      const account = await signUp(t);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/theme',
        headers: bearer(account),
        payload: { theme: 'dark' },
      });
      expect(put.json()).toEqual({ theme: 'dark' });
      const get = await t.app.inject({ url: '/api/theme', headers: bearer(account) });
      expect(get.json()).toEqual({ theme: 'dark' });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/theme',
        headers: bearer(account),
        payload: { theme: 'purple' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/theme/);
    });
  });
});
