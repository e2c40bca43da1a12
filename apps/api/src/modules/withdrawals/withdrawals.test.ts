import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, enrolTotp, type TestUser } from '../../../test/users.js';
import { lastMailTo } from '../../../test/fixtures/auth.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { TEST_BANK } from '../../../test/fixtures/submissions.js';
import {
  auditLog,
  payoutMethods,
  walletLedger,
  wallets,
  withdrawals,
} from '../../db/schema/index.js';

describe(`withdrawals (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let keys = 0;

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': `withdraw-key-${++keys}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const wallet = async (who: TestUser) => (await call(who, 'GET', '/api/wallet')).json();
  const addBank = async (who: TestUser) => {
    const res = await call(who, 'POST', '/api/withdrawals/payout-methods', TEST_BANK);
    expect(res.statusCode).toBe(201);
    return res.json() as { _id: string; masked: string };
  };
  const counts = async (userId: string) => {
    const [w] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId));
    const [l] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return { withdrawals: w!.n, ledger: l!.n };
  };
  /** A collector with `cash` and `credit` cents and a saved bank account. */
  const collectorWith = async (cash: number, credit = 0) => {
    const user = await createUser(t);
    if (cash) await fund(t.database, user.id, cash);
    if (credit) await fund(t.database, user.id, credit, 'credit');
    const method = await addBank(user);
    return { user, method };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('shows the wallet in two parts; store credit is never withdrawable', async () => {
    const { user, method } = await collectorWith(2_000, 5_000);
    expect(await wallet(user)).toMatchObject({
      balance: 70,
      cash: 20,
      storeCredit: 50,
      withdrawable: 20,
      moreWithdrawableAt: null,
    });
    const tooMuch = await call(user, 'POST', '/api/withdrawals', {
      amount: 30,
      payoutMethodId: method._id,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ field: 'amount', withdrawable: 20 });
  });

  it('holds a card top-up for 7 days and says when it becomes withdrawable', async () => {
    const { user } = await collectorWith(1_500);
    await t.database.db.transaction((tx) =>
      t.app.services.wallet.credit(
        user.id,
        4_000,
        { kind: 'top_up', refType: 'top_up', refId: 'test', description: 'Top-up' },
        tx,
      ),
    );
    const held = await wallet(user);
    expect(held).toMatchObject({ cash: 55, withdrawable: 15 });
    const due = new Date(held.moreWithdrawableAt).getTime() - Date.now();
    expect(due).toBeGreaterThan(6.9 * 86_400_000);
    expect(due).toBeLessThanOrEqual(7 * 86_400_000);
    // Eight days on, the top-up's dispute window has ended.
    await t.database.db
      .update(walletLedger)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(walletLedger.userId, user.id), eq(walletLedger.kind, 'top_up')));
    expect(await wallet(user)).toMatchObject({ withdrawable: 55, moreWithdrawableAt: null });
  });

  it('keeps payout details sealed and shows them masked as the sell flow does', async () => {
    const { user, method } = await collectorWith(0);
    expect(method.masked).toBe('Account ••••6789 (Casey Collector)');
    const paypal = await call(user, 'POST', '/api/withdrawals/payout-methods', {
      method: 'paypal',
      email: 'casey@example.com',
    });
    expect(paypal.json()).toMatchObject({ method: 'paypal', masked: 'c•••@example.com' });
    const rows = await t.database.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.detailsEnc).not.toContain('000123456789');
      expect(row.detailsEnc).not.toContain('casey@example.com');
    }
    const mine = (await call(user, 'GET', '/api/withdrawals')).json();
    expect(mine.payoutMethods.map((m: { masked: string }) => m.masked)).toEqual([
      'c•••@example.com',
      'Account ••••6789 (Casey Collector)',
    ]);
  });

  it('takes the amount out of the wallet at once into a pending withdrawal, with no fee', async () => {
    const { user, method } = await collectorWith(5_000);
    const res = await call(user, 'POST', '/api/withdrawals', {
      amount: 12.5,
      payoutMethodId: method._id,
    });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      amount: 12.5,
      status: 'pending',
      payoutMethod: { method: 'bank', masked: method.masked },
      reference: null,
    });
    expect(new Date(made.payBy).getTime()).toBeGreaterThan(new Date(made.createdAt).getTime());
    expect(await wallet(user)).toMatchObject({ balance: 37.5, cash: 37.5 });
    const [entry] = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, user.id), eq(walletLedger.kind, 'withdrawal')));
    expect(entry).toMatchObject({ amountCents: -1_250, balanceAfterCents: 3_750, refId: made._id });
    expect((await lastMailTo(t, user.email)).mail.text).toContain('2 business days');
    expect((await call(user, 'GET', '/api/withdrawals')).json().withdrawals).toEqual([made]);
  });

  it.each([
    ['below the minimum', 9.99, /at least \$10/],
    ['more than 2 decimals', 10.001, /2 decimals/],
    ['not a number', 'ten', /number/],
    ['above withdrawable cash', 50.01, /at most \$50\.00/],
  ])('refuses an amount %s (400 naming amount), writing nothing', async (_, amount, message) => {
    const { user, method } = await collectorWith(5_000);
    const before = await counts(user.id);
    const res = await call(user, 'POST', '/api/withdrawals', {
      amount,
      payoutMethodId: method._id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'amount', error: 'Bad Request' });
    expect(res.json().message).toMatch(message);
    expect(await counts(user.id)).toEqual(before);
  });

  it("answers 404 for another collector's payout method, writing nothing", async () => {
    const { user } = await collectorWith(5_000);
    const other = await collectorWith(0);
    const before = await counts(user.id);
    const res = await call(user, 'POST', '/api/withdrawals', {
      amount: 20,
      payoutMethodId: other.method._id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Payout method not found.', error: 'Not Found' });
    expect(await counts(user.id)).toEqual(before);
    expect((await wallet(user)).balance).toBe(50);
  });

  it('asks for a two-factor code when two-factor is on', async () => {
    const { user, method } = await collectorWith(5_000);
    const secret = await enrolTotp(t, user.id);
    const body = { amount: 10, payoutMethodId: method._id };
    const without = await call(user, 'POST', '/api/withdrawals', body);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ field: 'totpCode', totpRequired: true });
    const wrong = await call(user, 'POST', '/api/withdrawals', { ...body, totpCode: '000000' });
    expect(wrong.json()).toMatchObject({ field: 'totpCode' });
    const totpCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const ok = await call(user, 'POST', '/api/withdrawals', { ...body, totpCode });
    expect(ok.statusCode).toBe(201);
    expect((await wallet(user)).balance).toBe(40);
  });

  it('lets a self-excluded or timed-out collector withdraw', async () => {
    for (const [url, period] of [
      ['/api/limits/self-exclusion', '6m'],
      ['/api/limits/time-out', '24h'],
    ] as const) {
      const { user, method } = await collectorWith(2_000);
      expect((await call(user, 'POST', url, { period })).statusCode).toBe(200);
      const res = await call(user, 'POST', '/api/withdrawals', {
        amount: 20,
        payoutMethodId: method._id,
      });
      expect(res.statusCode).toBe(201);
      expect((await wallet(user)).balance).toBe(0);
    }
  });

  describe('staff', () => {
    const withdrawal = async (cents: number) => {
      const { user, method } = await collectorWith(cents);
      const res = await call(user, 'POST', '/api/withdrawals', {
        amount: cents / 100,
        payoutMethodId: method._id,
      });
      return { user, id: res.json()._id as string };
    };
    const audits = (id: string) =>
      t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));

    it('refuses the queue to collectors', async () => {
      const { user, id } = await withdrawal(1_000);
      expect((await call(user, 'GET', '/api/admin/withdrawals')).statusCode).toBe(403);
      const pay = await call(user, 'POST', `/api/admin/withdrawals/${id}/pay`, {
        reference: 'ACH-1',
      });
      expect(pay.statusCode).toBe(403);
    });

    it('lists pending withdrawals oldest first and reveals payout details with an audit row', async () => {
      const { user, id } = await withdrawal(1_100);
      const queue = (await call(admin, 'GET', '/api/admin/withdrawals?limit=100')).json();
      const row = queue.withdrawals.find((w: { _id: string }) => w._id === id);
      expect(row).toMatchObject({ amount: 11, status: 'pending', user: { _id: user.id } });
      const details = await call(admin, 'GET', `/api/admin/withdrawals/${id}/payout-details`);
      expect(details.json()).toEqual({ ...TEST_BANK, email: null });
      expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.payout_details.view']);
    });

    it('pays once with the reference, audited and mailed; a second decision is 409', async () => {
      const { user, id } = await withdrawal(2_000);
      const paid = await call(admin, 'POST', `/api/admin/withdrawals/${id}/pay`, {
        reference: 'ACH-778899',
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', reference: 'ACH-778899' });
      expect((await lastMailTo(t, user.email)).mail.text).toContain('ACH-778899');
      const again = await call(admin, 'POST', `/api/admin/withdrawals/${id}/pay`, {
        reference: 'ACH-2',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'Conflict', status: 'paid' });
      const reject = await call(admin, 'POST', `/api/admin/withdrawals/${id}/reject`, {
        reason: 'Too late',
      });
      expect(reject.statusCode).toBe(409);
      expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.pay']);
      expect((await wallet(user)).balance).toBe(0);
      const mine = (await call(user, 'GET', '/api/withdrawals')).json().withdrawals;
      expect(mine[0]).toMatchObject({ status: 'paid', reference: 'ACH-778899' });
    });

    it('rejects with a reason and returns the amount to cash exactly once', async () => {
      const { user, id } = await withdrawal(3_000);
      expect((await wallet(user)).balance).toBe(0);
      const rejected = await call(admin, 'POST', `/api/admin/withdrawals/${id}/reject`, {
        reason: 'The account number was refused by the bank.',
      });
      expect(rejected.json()).toMatchObject({
        status: 'rejected',
        rejectReason: 'The account number was refused by the bank.',
      });
      const again = await call(admin, 'POST', `/api/admin/withdrawals/${id}/reject`, {
        reason: 'Twice',
      });
      expect(again.statusCode).toBe(409);
      expect(await wallet(user)).toMatchObject({ balance: 30, cash: 30, withdrawable: 30 });
      expect((await lastMailTo(t, user.email)).mail.text).toContain('back in your wallet');
      expect((await audits(id)).map((a) => a.action)).toEqual(['withdrawal.reject']);
    });

    it('answers 404 for an unknown withdrawal, writing nothing', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const pay = await call(admin, 'POST', `/api/admin/withdrawals/${unknown}/pay`, {
        reference: 'ACH-1',
      });
      expect(pay.statusCode).toBe(404);
      const reject = await call(admin, 'POST', `/api/admin/withdrawals/${unknown}/reject`, {
        reason: 'Not known',
      });
      expect(reject.statusCode).toBe(404);
      expect(await audits(unknown)).toEqual([]);
    });
  });

  it('keeps every wallet equal to its ledger and its credit within its balance', async () => {
    const rows = await t.database.db.select().from(wallets);
    for (const w of rows) {
      const [sum] = await t.database.db
        .select({ cents: sql<number>`coalesce(sum(${walletLedger.amountCents}), 0)::bigint` })
        .from(walletLedger)
        .where(eq(walletLedger.userId, w.userId));
      expect(Number(sum!.cents)).toBe(w.balanceCents);
      expect(w.creditCents).toBeLessThanOrEqual(w.balanceCents);
    }
  });
});
