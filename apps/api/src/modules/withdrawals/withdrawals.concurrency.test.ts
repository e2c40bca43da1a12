import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, postAs, type TestUser } from '../../../test/users.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { walletLedger, withdrawals } from '../../db/schema/index.js';

const AT_ONCE = 20;

// On PostgreSQL the requests run on parallel pool connections and contend for the wallet row's
// lock; PGlite runs one statement at a time, so there it is a correctness run of the same code.
describe(`withdrawals at once (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const post = (who: TestUser, url: string, payload: object) => postAs(t, who, url, payload);
  const collector = async (cents: number) => {
    const user = await createUser(t);
    await fund(t.database, user.id, cents);
    const method = await post(user, '/api/withdrawals/payout-methods', {
      method: 'paypal',
      email: 'casey@example.com',
    });
    return { user, methodId: method.json()._id as string };
  };
  const ledgerSum = async (userId: string) => {
    const [row] = await t.database.db
      .select({ cents: sql<number>`coalesce(sum(${walletLedger.amountCents}), 0)::bigint` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return Number(row!.cents);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it(`creates exactly one of ${AT_ONCE} withdrawals of the whole cash balance`, async () => {
    const { user, methodId } = await collector(4_321);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        post(user, '/api/withdrawals', { amount: 43.21, payoutMethodId: methodId }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(AT_ONCE - 1);
    for (const lost of answers.filter((a) => a.statusCode === 400))
      expect(lost.json()).toMatchObject({ field: 'amount' });
    const made = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, user.id));
    expect(made).toHaveLength(1);
    expect(await t.app.services.wallet.balance(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it('decides a withdrawal once when staff pay and reject it at once: the money moves once', async () => {
    const { user, methodId } = await collector(2_500);
    const made = await post(user, '/api/withdrawals', { amount: 25, payoutMethodId: methodId });
    const id = made.json()._id as string;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        post(admin, `/api/admin/withdrawals/${id}/pay`, { reference: 'PP-123' }),
      ),
      ...Array.from({ length: 5 }, () =>
        post(admin, `/api/admin/withdrawals/${id}/reject`, { reason: 'Refused by PayPal' }),
      ),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    const balance = await t.app.services.wallet.balance(user.id);
    expect(balance).toBe(row!.status === 'rejected' ? 2_500 : 0);
    expect(await ledgerSum(user.id)).toBe(balance);
  });
});
