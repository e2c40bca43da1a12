import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { BREAKS_ON, buySpots, openBreak } from '../../../test/fixtures/breaks.js';
import { fund } from '../../../test/fixtures/wallet.js';

/** $10 million in cents: the largest single amount the contract takes (MAX_DOLLARS). */
const TEN_MILLION = 1_000_000_000;

describe(`wallets past $21,474,836.47, a 32-bit balance's end (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;

  const adjust = (userId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/wallet-adjustments`,
      headers: { ...admin.headers, 'idempotency-key': randomUUID() },
      payload: { amount, reason: 'Large consignment' },
    });
  const statementOf = async (who: TestUser) => {
    const res = await t.app.inject({ url: '/api/wallet?limit=10', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WalletResponse;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('takes staff adjustments of $10 million past the old ceiling, and every credit and debit after', async () => {
    const collector = await createUser(t);
    for (const expected of [10_000_000, 20_000_000, 30_000_000]) {
      const res = await adjust(collector.id, 10_000_000);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().balance).toBe(expected);
    }
    const credit = await adjust(collector.id, 0.01);
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().balance).toBe(30_000_000.01);
    const debit = await adjust(collector.id, -0.02);
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json().balance).toBe(29_999_999.99);

    const statement = await statementOf(collector);
    expect(statement.balance).toBe(29_999_999.99);
    expect(statement.entries.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [-0.02, 29_999_999.99],
      [0.01, 30_000_000.01],
      [10_000_000, 30_000_000],
      [10_000_000, 20_000_000],
      [10_000_000, 10_000_000],
    ]);
  });

  it('refunds every buyer of a cancelled break, one of them holding $30 million', async () => {
    const b = await openBreak(t, admin, { spots: 4, spotPrice: 100 });
    const rich = await createUser(t);
    const modest = await createUser(t);
    for (let i = 0; i < 3; i++) await fund(t.database, rich.id, TEN_MILLION);
    await fund(t.database, modest.id, 50_000);
    expect((await buySpots(t, modest, b._id, { quantity: 1 })).statusCode).toBe(201);
    expect((await buySpots(t, rich, b._id, { quantity: 2 })).statusCode).toBe(201);
    expect((await statementOf(rich)).balance).toBe(29_999_800);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/breaks/${b._id}/cancel`,
      headers: admin.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refunded).toBe(3);
    expect((await statementOf(rich)).balance).toBe(30_000_000);
    expect((await statementOf(modest)).balance).toBe(500);
  });

  it('reads every stored amount back as an exact number, and refuses a balance past a safe one', async () => {
    const collector = await createUser(t);
    const huge = Number.MAX_SAFE_INTEGER - 1;
    await t.database.db.execute(
      sql`insert into wallets (user_id, balance_cents) values (${collector.id}, ${huge})`,
    );
    const [row] = (
      (await t.database.db.execute(
        sql`select balance_cents, sum(balance_cents)::bigint as total from wallets where user_id = ${collector.id} group by balance_cents`,
      )) as unknown as { rows: { balance_cents: unknown; total: unknown }[] }
    ).rows;
    expect(row).toEqual({ balance_cents: huge, total: huge });
    // One more cent is the last safe balance; two more is refused by the database, not stored.
    await fund(t.database, collector.id, 1);
    await expect(fund(t.database, collector.id, 1)).rejects.toThrow();
    expect(await t.app.services.wallet.balance(collector.id)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
