import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StaffUserDetail } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, enrolTotp, TEST_PASSWORD, type TestUser } from '../../../test/users.js';
import { login } from '../../../test/fixtures/auth.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { auditLog, sessions, walletLedger } from '../../db/schema/index.js';

describe(`staff console: users (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;

  let keys = 0;
  const call = (
    who: TestUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    idempotencyKey = `adjust-key-${++keys}`,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': idempotencyKey },
      ...(payload ? { payload } : {}),
    });
  const auditsOf = (userId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), eq(auditLog.action, action)));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', username: 'head_admin' });
    collector = await createUser(t, { email: 'casey.searchable@example.com' });
    await fund(t.database, collector.id, 2_500);
  });
  afterAll(() => t?.close());

  it('refuses every endpoint to a non-admin (403)', async () => {
    const base = `/api/admin/users/${collector.id}`;
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/admin/users?q=casey'],
      ['GET', base],
      ['POST', `${base}/wallet-adjustments`, { amount: 5, reason: 'Goodwill' }],
      ['PUT', `${base}/status`, { disabled: true }],
      ['PUT', `${base}/role`, { role: 'admin' }],
    ];
    for (const [method, url, payload] of calls)
      expect((await call(collector, method, url, payload)).statusCode, url).toBe(403);
  });

  it('finds accounts by part of the e-mail or username, LIKE wildcards taken literally', async () => {
    const byMail = (await call(admin, 'GET', '/api/admin/users?q=CASEY.SEARCH')).json();
    expect(byMail.users.map((u: { _id: string }) => u._id)).toEqual([collector.id]);
    const byName = (await call(admin, 'GET', '/api/admin/users?q=head_adm')).json();
    expect(byName.users.map((u: { _id: string }) => u._id)).toEqual([admin.id]);
    expect((await call(admin, 'GET', '/api/admin/users?q=%25')).json().total).toBe(0);
    expect((await call(admin, 'GET', '/api/admin/users')).json().total).toBe(2);
  });

  it("shows a user's wallet, orders, pulls and sessions", async () => {
    const res = await call(admin, 'GET', `/api/admin/users/${collector.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as StaffUserDetail;
    expect(detail).toMatchObject({
      user: { _id: collector.id, role: 'user', disabledAt: null },
      balance: 25,
      orders: [],
      pulls: [],
    });
    expect(detail.ledger).toHaveLength(1);
    expect(detail.sessions).toHaveLength(1);
    expect(
      (await call(admin, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it('adjusts a wallet with a reason: exactly one ledger entry and one audit record, never below zero', async () => {
    const url = `/api/admin/users/${collector.id}/wallet-adjustments`;
    const credit = await call(
      admin,
      'POST',
      url,
      { amount: 10.5, reason: 'Damaged in transit' },
      'transit-credit',
    );
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().balance).toBe(35.5);
    const debit = await call(admin, 'POST', url, { amount: -5.25, reason: 'Duplicate credit' });
    expect(debit.json().balance).toBe(30.25);
    const tooMuch = await call(admin, 'POST', url, { amount: -30.26, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: 'Conflict' });
    expect((await call(admin, 'POST', url, { amount: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', url, { amount: 1.234, reason: 'x' })).statusCode).toBe(400);

    const entries = await t.database.db
      .select()
      .from(walletLedger)
      .where(
        and(eq(walletLedger.userId, collector.id), eq(walletLedger.refType, 'staff_adjustment')),
      );
    expect(entries.map((e) => [e.amountCents, e.kind, e.description])).toEqual([
      [1050, 'adjustment', 'Damaged in transit'],
      [-525, 'adjustment', 'Duplicate credit'],
    ]);
    // A resend of the same adjustment (same key) answers the first result and credits nothing more.
    const resent = await call(
      admin,
      'POST',
      url,
      { amount: 10.5, reason: 'Damaged in transit' },
      'transit-credit',
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json().balance).toBe(35.5);

    const audits = await auditsOf(collector.id, 'wallet.adjust');
    expect(audits.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [admin.id, { balance: 25 }, { balance: 35.5, amount: 10.5, reason: 'Damaged in transit' }],
      [admin.id, { balance: 35.5 }, { balance: 30.25, amount: -5.25, reason: 'Duplicate credit' }],
    ]);
  });

  it("refuses a staff member's adjustment of their own wallet (409), writing nothing", async () => {
    const own = await call(admin, 'POST', `/api/admin/users/${admin.id}/wallet-adjustments`, {
      amount: 100,
      reason: 'Mine',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      message: 'You cannot adjust your own wallet.',
      error: 'Conflict',
    });
    const entries = await t.database.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.userId, admin.id));
    expect(entries).toEqual([]);
  });

  it('disabling ends every session at once and stops sign-in; re-enabling lets them back in', async () => {
    const victim = await createUser(t);
    expect((await call(victim, 'GET', '/api/wallet')).statusCode).toBe(200);
    const off = await call(admin, 'PUT', `/api/admin/users/${victim.id}/status`, {
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().user.disabledAt).not.toBeNull();
    expect(off.json().sessions).toEqual([]);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, victim.id)),
    ).toEqual([]);
    expect((await call(victim, 'GET', '/api/wallet')).statusCode).toBe(401);
    const refused = await login(t, victim.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/disabled/);
    // A wrong password says nothing about the account being disabled.
    expect((await login(t, victim.email, 'not-the-password-123')).statusCode).toBe(401);

    const on = await call(admin, 'PUT', `/api/admin/users/${victim.id}/status`, {
      disabled: false,
    });
    expect(on.json().user.disabledAt).toBeNull();
    expect((await login(t, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
    const audits = await auditsOf(victim.id, 'user.disable');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(await auditsOf(victim.id, 'user.enable')).toHaveLength(1);
  });

  it('changes a role (audited); the last admin can be neither demoted nor disabled', async () => {
    const demoteSelf = await call(admin, 'PUT', `/api/admin/users/${admin.id}/role`, {
      role: 'user',
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toMatch(/last admin/);

    const second = await createUser(t);
    const promoted = await call(admin, 'PUT', `/api/admin/users/${second.id}/role`, {
      role: 'admin',
    });
    expect(promoted.json().user.role).toBe('admin');
    expect(await auditsOf(second.id, 'user.role')).toMatchObject([
      { actorId: admin.id, before: { role: 'user' }, after: { role: 'admin' } },
    ]);
    // Two admins: one may go. Then the remaining one is the last, also when disabling.
    const secondAgain = (await login(t, second.email, TEST_PASSWORD)).json();
    // The console needs two-factor on before the new staff member may use it.
    await enrolTotp(t, second.id);
    const secondHeaders: TestUser = {
      ...second,
      token: secondAgain.token,
      csrfToken: secondAgain.csrfToken,
      headers: {
        authorization: `Bearer ${secondAgain.token}`,
        'x-csrf-token': secondAgain.csrfToken,
      },
    };
    expect(secondAgain.token, JSON.stringify(secondAgain)).toBeTruthy();
    const demoted = await call(secondHeaders, 'PUT', `/api/admin/users/${admin.id}/role`, {
      role: 'user',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const disableLast = await call(secondHeaders, 'PUT', `/api/admin/users/${second.id}/status`, {
      disabled: true,
    });
    expect(disableLast.statusCode).toBe(409);
    const unverified = await createUser(t, { verified: false });
    expect(
      (
        await call(secondHeaders, 'PUT', `/api/admin/users/${unverified.id}/role`, {
          role: 'admin',
        })
      ).statusCode,
    ).toBe(409);
  });
});
