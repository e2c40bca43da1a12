import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UNDERAGE_MESSAGE } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, TEST_PASSWORD } from '../../../test/users.js';
import { users } from '../../db/schema/index.js';
import { z } from 'zod';
import { endpoint } from '@grail/contract';
import { route } from '../../http/route.js';
import { startup } from '../../startup.js';
import { bearer, login, signUp } from '../../../test/fixtures/auth.js';

/** YYYY-MM-DD for `years` years before today, shifted by `days`. */
function birthday(years: number, days = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const profile = (o: Record<string, unknown> = {}) => ({
  displayName: 'Casey Collector',
  dateOfBirth: birthday(30),
  shippingAddress: TEST_ADDRESS,
  acceptTerms: true,
  ...o,
});

describe(`users: profile, password, sessions (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_SCALE: '100' },
      beforeReady(app) {
        const adminOnly = endpoint({
          method: 'GET',
          path: '/api/test/admin-only',
          operationId: 'testAdminOnly',
          summary: 'A route of the admin kind',
          tags: ['test'],
          guard: 'admin',
          response: z.object({ ok: z.boolean() }),
        });
        route(app, adminOnly, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  const putProfile = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/profile', headers, payload });

  it('GET /api/users/me answers the PublicUser to its owner and 401 to a visitor', async () => {
    const account = await signUp(t);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(account) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(account.user);
    expect(JSON.stringify(me.json())).not.toMatch(/hash|secret/i);
    expect((await t.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
  });

  it('completes the profile (18 today is old enough) and GET /api/users/me returns it', async () => {
    const account = await signUp(t);
    const res = await putProfile(bearer(account), profile({ dateOfBirth: birthday(18) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      displayName: 'Casey Collector',
      dateOfBirth: birthday(18),
      shippingAddress: TEST_ADDRESS,
      profileComplete: true,
    });
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(account) });
    expect(me.json().user.shippingAddress).toEqual(TEST_ADDRESS);
  });

  it('refuses under 18 with the exact message and saves nothing', async () => {
    const account = await signUp(t);
    const res = await putProfile(bearer(account), profile({ dateOfBirth: birthday(18, 1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNDERAGE_MESSAGE);
    expect(res.json().message).toBe('You must be 18 or older to use this site.');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row!.dateOfBirth).toBeNull();
    expect(row!.displayName).toBeNull();
    expect(row!.shippingAddress).toBeNull();
  });

  it.each([
    [{ displayName: undefined }, /displayName/],
    [{ displayName: 'x'.repeat(61) }, /too long/],
    [{ dateOfBirth: '12/04/1990' }, /YYYY-MM-DD/],
    [{ dateOfBirth: '1990-13-45' }, /real date/],
    [{ shippingAddress: { ...TEST_ADDRESS, city: '' } }, /city/],
    [{ shippingAddress: { ...TEST_ADDRESS, country: 'USA' } }, /2-letter/],
    // Only assigned ISO 3166-1 codes: not digits, nor the reserved UK (the code is GB).
    [{ shippingAddress: { ...TEST_ADDRESS, country: '00' } }, /ISO country code/],
    [{ shippingAddress: { ...TEST_ADDRESS, country: 'UK' } }, /ISO country code/],
    // Years below 100 are not a birth year, a day must exist, and a birth cannot be future.
    [{ dateOfBirth: '0020-01-01' }, /1900 or later/],
    [{ dateOfBirth: '2001-02-30' }, /real date/],
    [{ dateOfBirth: '9999-12-31' }, /future/],
    [{ shippingAddress: undefined }, /shippingAddress/],
    [{ acceptTerms: false }, /Terms of Service/],
  ])('refuses profile %o with 400, writing nothing', async (o, msg) => {
    const account = await signUp(t);
    const res = await putProfile(bearer(account), profile(o));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(msg);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row!.displayName).toBeNull();
  });

  it("names the field of a bad country or birth date, and takes a country typed as 'gb'", async () => {
    const account = await signUp(t);
    const country = await putProfile(
      bearer(account),
      profile({ shippingAddress: { ...TEST_ADDRESS, country: '00' } }),
    );
    expect(country.statusCode).toBe(400);
    expect(country.json().field).toBe('shippingAddress.country');
    const born = await putProfile(bearer(account), profile({ dateOfBirth: '0020-06-15' }));
    expect(born.statusCode).toBe(400);
    expect(born.json().field).toBe('dateOfBirth');
    const ok = await putProfile(
      bearer(account),
      profile({ shippingAddress: { ...TEST_ADDRESS, country: ' gb ', postalCode: 'SW1A 1AA' } }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.shippingAddress.country).toBe('GB');
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const account = await signUp(t);
    const other = (await login(t, account.body.email, TEST_PASSWORD)).json();
    const change = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: bearer(account),
        payload,
      });
    const wrong = await change({
      currentPassword: 'Nope-nope-nope-11',
      newPassword: 'Maple-quartz-river-204',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('currentPassword');
    const weak = await change({ currentPassword: TEST_PASSWORD, newPassword: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    const ok = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Maple-quartz-river-204',
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/current', headers: bearer(account) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/current', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect((await login(t, account.body.email, 'Maple-quartz-river-204')).statusCode).toBe(200);
  });

  it("lists own sessions (marking the current one) and revokes one; never another user's", async () => {
    const alice = await signUp(t);
    const alice2 = (await login(t, alice.body.email, TEST_PASSWORD)).json();
    const bob = await signUp(t);
    const list = await t.app.inject({ url: '/api/users/me/sessions', headers: bearer(alice) });
    const sessions = list.json().sessions as Array<{ _id: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(alice.token);
    const bobSessions = (
      await t.app.inject({ url: '/api/users/me/sessions', headers: bearer(bob) })
    ).json().sessions;
    expect(bobSessions).toHaveLength(1);

    const steal = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${sessions[0]!._id}`,
      headers: bearer(bob),
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/auth/current', headers: bearer(alice2) })).statusCode,
    ).toBe(200);

    const other = sessions.find((s) => !s.current)!;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${other._id}`,
      headers: bearer(alice),
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/current', headers: bearer(alice2) })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/sessions/not-a-uuid',
      headers: bearer(alice),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("one user's profile is never changed by another's session", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await putProfile(bearer(bob), profile({ displayName: 'Bob' }));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, alice.user._id));
    expect(row!.displayName).toBeNull();
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(bob) });
    expect(me.json().user._id).toBe(bob.user._id);
  });

  it('the admin route kind: 401 visitor, 403 user, 200 admin', async () => {
    expect((await t.app.inject({ url: '/api/test/admin-only' })).statusCode).toBe(401);
    const user = await createUser(t);
    const res = await t.app.inject({ url: '/api/test/admin-only', headers: user.headers });
    expect(res.statusCode).toBe(403);
    const admin = await createUser(t, { role: 'admin' });
    expect(
      (await t.app.inject({ url: '/api/test/admin-only', headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it('creates an admin (or promotes an existing account) and refuses a weak admin password', async () => {
    await expect(t.app.services.users.createAdmin('boss@example.com', 'password1')).rejects.toThrow(
      /too weak/,
    );
    expect(
      await t.app.services.users.createAdmin('boss@example.com', 'Granite-falcon-ember-19'),
    ).toBe('created');
    const res = await login(t, 'boss@example.com', 'Granite-falcon-ember-19');
    expect(res.json().user.role).toBe('admin');
    const existing = await signUp(t);
    expect(
      await t.app.services.users.createAdmin(existing.body.email, 'Granite-falcon-ember-20'),
    ).toBe('promoted');
    const promoted = await login(t, existing.body.email, 'Granite-falcon-ember-20');
    expect(promoted.json().user.role).toBe('admin');
  });
});

describe(`users: ADMIN_EMAIL / ADMIN_PASSWORD at start (${testEngine})`, () => {
  it('creates the first admin at start, and only when none exists', async () => {
    const t = await createTestApp({
      env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Cobalt-meadow-anchor-88' },
    });
    try {
      await startup(t.app, t.config, t.database);
      await startup(t.app, t.config, t.database);
      const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.map((a) => a.email)).toEqual(['owner@example.com']);
      expect(admins[0]!.emailVerifiedAt).not.toBeNull();
      const res = await login(t, 'owner@example.com', 'Cobalt-meadow-anchor-88');
      expect(res.json().user.role).toBe('admin');
    } finally {
      await t.close();
    }
  });
});
