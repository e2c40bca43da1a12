import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_MESSAGE } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { authTokens, users } from '../../db/schema/index.js';
import { hashToken } from './auth-tokens.js';
import { bearer, lastMailTo, login, signUp, tokenFromLink } from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

const NEW_PASSWORD = 'Harbor-lantern-cobalt-58';

describe(`auth: e-mail verification and password recovery (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const verify = (token: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { token } });
  const forgot = (email: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password },
    });
  /** forgot-password sends in the background; wait for the mail to land. */
  async function resetLinkFor(email: string) {
    for (let i = 0; i < 50; i += 1) {
      const mail = (await t.app.services.mail.outbox()).find(
        (m) => m.to === email && m.subject.includes('Reset'),
      );
      if (mail) return tokenFromLink(mail.links[0]!);
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no reset mail');
  }

  describe('verify email', () => {
    it('verifies with the mailed link once; a used, unknown or expired token is refused', async () => {
      const account = await signUp(t);
      const { link } = await lastMailTo(t, account.body.email);
      const token = tokenFromLink(link);
      const ok = await verify(token, bearer(account));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.emailVerified).toBe(true);
      const me = await t.app.inject({ url: '/api/users/me', headers: bearer(account) });
      expect(me.json().user.emailVerified).toBe(true);

      const again = await verify(token, bearer(account));
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This verification link is invalid or has expired.');
      expect((await verify('not-a-token', bearer(account))).statusCode).toBe(400);

      const late = await signUp(t);
      const lateToken = tokenFromLink((await lastMailTo(t, late.body.email)).link);
      await t.database.db
        .update(authTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(authTokens.tokenHash, hashToken(lateToken)));
      expect((await verify(lateToken, bearer(late))).statusCode).toBe(400);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, late.user._id));
      expect(row!.emailVerifiedAt).toBeNull();
    });

    it('resends a new link to a signed-in, unverified user; refuses once verified', async () => {
      const account = await signUp(t);
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email/resend',
          headers: bearer(account),
        });
      const res = await resend();
      expect(res.statusCode).toBe(200);
      const mails = (await t.app.services.mail.outbox()).filter((m) => m.to === account.body.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.links[0]).not.toBe(mails[1]!.links[0]);
      await verify(tokenFromLink(mails[0]!.links[0]!), bearer(account));
      const done = await resend();
      expect(done.statusCode).toBe(400);
      expect(done.json().message).toBe('Your email address is already verified.');
      const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('forgot and reset password', () => {
    it('answers a known and an unknown email identically, in about the same time', async () => {
      const account = await signUp(t);
      const times: Record<string, number[]> = { known: [], unknown: [] };
      const bodies = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        for (const [kind, email] of [
          ['known', account.body.email],
          ['unknown', `ghost-${i}@example.com`],
        ] as const) {
          const started = performance.now();
          const res = await forgot(email);
          times[kind]!.push(performance.now() - started);
          expect(res.statusCode).toBe(200);
          bodies.add(res.body);
          expect(Object.keys(res.headers)).not.toContain('set-cookie');
        }
      }
      expect([...bodies]).toEqual([JSON.stringify({ message: FORGOT_PASSWORD_MESSAGE })]);
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      expect(Math.abs(median(times.known!) - median(times.unknown!))).toBeLessThan(100);
      expect(await resetLinkFor(account.body.email)).toMatch(/^[\w-]{43}$/);
      const ghostMail = (await t.app.services.mail.outbox()).filter((m) =>
        m.to.startsWith('ghost-'),
      );
      expect(ghostMail).toHaveLength(0);
    });

    it('links to /reset-password/{token}; the token works once and ends every session', async () => {
      const account = await signUp(t);
      const other = (await login(t, account.body.email, TEST_PASSWORD)).json();
      await forgot(account.body.email);
      const mail = (await t.app.services.mail.outbox()).find(
        (m) => m.to === account.body.email && m.subject.includes('Reset'),
      );
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\/[\w-]{43}$/);
      const token = tokenFromLink(mail!.links[0]!);

      const res = await reset(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/password has been changed/);
      expect(Object.keys(res.headers)).not.toContain('set-cookie');
      for (const s of [account, other]) {
        const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(s) });
        expect(me.statusCode).toBe(401);
      }
      expect((await login(t, account.body.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(t, account.body.email, NEW_PASSWORD)).statusCode).toBe(200);

      const again = await reset(token, 'Another-fresh-passphrase-77');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This reset link is invalid or has expired.');
      expect((await login(t, account.body.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a token after its hour, an unknown token, and a weak new password', async () => {
      const account = await signUp(t);
      await forgot(account.body.email);
      const token = await resetLinkFor(account.body.email);
      const weak = await reset(token, 'password123');
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ field: 'password' });
      expect(weak.json().message).toMatch(/too weak/);

      const [row] = await t.database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(ttl).toBeLessThanOrEqual(3600_000 + 1000);
      await t.database.db
        .update(authTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(authTokens.tokenHash, hashToken(token)));
      const expired = await reset(token);
      expect(expired.statusCode).toBe(400);
      expect((await reset('x'.repeat(43))).statusCode).toBe(400);
      expect((await login(t, account.body.email, TEST_PASSWORD)).statusCode).toBe(200);
      const [missing] = await t.database.db
        .select()
        .from(authTokens)
        .where(
          and(eq(authTokens.userId, account.user._id), eq(authTokens.purpose, 'reset_password')),
        );
      expect(missing!.usedAt).toBeNull();
    });

    it.each([
      [{}, /token/],
      [{ token: 'abc' }, /password/],
      [{ token: 'abc', password: 'short' }, /at least 8/],
      [{ token: 123, password: NEW_PASSWORD }, /token/],
    ])('refuses reset body %o with 400', async (payload, msg) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(msg);
    });

    it('refuses a bad forgot-password email with 400', async () => {
      const res = await forgot('not-an-email');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/valid email/);
    });
  });
});
