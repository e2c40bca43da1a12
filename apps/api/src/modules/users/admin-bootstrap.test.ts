import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_PASSWORD } from '../../../test/users.js';
import { sessions, users } from '../../db/schema/index.js';
import { startup } from '../../startup.js';
import { adminGrant, parseAdminGrantArgs } from '../../cli/admin-grant.js';
import { bearer, lastMailTo, login, signUp, tokenFromLink } from '../../../test/fixtures/auth.js';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Cobalt-meadow-anchor-88';

const roleOf = async (t: TestApp, email: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]
    ?.role;
const sessionCount = async (t: TestApp, userId: string) =>
  (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!
    .n;
const current = (t: TestApp, s: { token: string; csrfToken: string }) =>
  t.app.inject({ url: '/api/auth/current', headers: bearer(s) });

describe(`users: ADMIN_EMAIL promotes only a verified address (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(() => t.close());

  it('leaves an unverified account with that address a user at start, and promotes it when it verifies, ending its other sessions', async () => {
    // Someone registered the address before the operator started the site: not verified.
    const squatter = await signUp(t, { email: ADMIN_EMAIL });
    await startup(t.app, t.config, t.database);
    expect(await roleOf(t, ADMIN_EMAIL)).toBe('user');
    expect((await current(t, squatter)).json().user.role).toBe('user');

    // The mailbox's owner opens the verification link (in their own browser: no session).
    const token = tokenFromLink((await lastMailTo(t, ADMIN_EMAIL)).link);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/session/reset' });
    const csrf = (visitor.json() as { csrfToken: string }).csrfToken;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { 'x-csrf-token': csrf },
      cookies: { 'csrf-token': csrf },
      payload: { token },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await roleOf(t, ADMIN_EMAIL)).toBe('admin');
    // The registration's session is over, and its password no longer signs in: ADMIN_PASSWORD does.
    expect((await current(t, squatter)).statusCode).toBe(401);
    expect((await login(t, ADMIN_EMAIL, TEST_PASSWORD)).statusCode).toBe(401);
    const owner = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(owner.json().user.role).toBe('admin');

    // A later start changes nothing (an administrator exists).
    await startup(t.app, t.config, t.database);
    expect(await sessionCount(t, squatter.user._id)).toBe(1);
  });
});

describe(`users: ADMIN_EMAIL at the next start after verification (${testEngine})`, () => {
  it('promotes at start an account whose address was verified before, and ends its sessions', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    try {
      const account = await createUser(t, { email: ADMIN_EMAIL, verified: true });
      expect(await roleOf(t, ADMIN_EMAIL)).toBe('user');
      await startup(t.app, t.config, t.database);
      expect(await roleOf(t, ADMIN_EMAIL)).toBe('admin');
      expect(await sessionCount(t, account.id)).toBe(0);
      expect((await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).json().user.role).toBe('admin');
    } finally {
      await t.close();
    }
  });

  it('creates the administrator when no account has the address, as before', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    try {
      await startup(t.app, t.config, t.database);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      expect(row).toMatchObject({ role: 'admin' });
      expect(row!.emailVerifiedAt).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe(`npm run admin:grant (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes exactly one e-mail address (exit code 2 otherwise)', () => {
    expect(parseAdminGrantArgs(['someone@example.com'])).toEqual({ email: 'someone@example.com' });
    for (const args of [[], ['a@example.com', 'b@example.com'], ['not-an-email'], ['--force']]) {
      const parsed = parseAdminGrantArgs(args);
      expect(parsed).toMatchObject({ code: 2 });
      expect((parsed as { message: string }).message).toMatch(/Usage: npm run admin:grant/);
    }
  });

  it('refuses an unknown address with exit code 1 and a clear message', async () => {
    const result = await adminGrant('nobody@example.com', t.app.services.users);
    expect(result.code).toBe(1);
    expect(result.message).toMatch(/no account has the address nobody@example\.com/);
  });

  it('refuses an unverified address with exit code 1, and changes nothing', async () => {
    const account = await createUser(t, { verified: false });
    const result = await adminGrant(account.email, t.app.services.users);
    expect(result.code).toBe(1);
    expect(result.message).toMatch(/has not verified its e-mail address/);
    expect(await roleOf(t, account.email)).toBe('user');
    expect((await current(t, account)).statusCode).toBe(200);
  });

  it('promotes a verified account and ends its sessions; a second grant changes nothing', async () => {
    const account = await createUser(t, { verified: true });
    const result = await adminGrant(account.email.toUpperCase(), t.app.services.users);
    expect(result.code).toBe(0);
    expect(result.message).toMatch(/is now an administrator/);
    expect(await roleOf(t, account.email)).toBe('admin');
    expect((await current(t, account)).statusCode).toBe(401);
    const again = await adminGrant(account.email, t.app.services.users);
    expect(again).toMatchObject({ code: 0 });
    expect(again.message).toMatch(/already an administrator/);
  });
});
