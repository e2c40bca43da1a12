import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminBreak, BreakInput } from '@grail/contract';
import type { Database } from '../../db/client.js';
import { breaks } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/helpers.js';
import type { TestUser } from '../../../test/users.js';

/** The environment every breaks suite runs with: the flag on (tests default to off). */
export const BREAKS_ON = { BREAKS_ENABLED: 'true' };

export const teamsOf = (n: number) => Array.from({ length: n }, (_, i) => `Team ${i + 1}`);
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** A draft break through the staff endpoint; `spots` teams named Team 1 … Team N. */
export async function createBreak(
  t: TestApp,
  staff: TestUser,
  overrides: Partial<BreakInput> & { spots?: number } = {},
): Promise<AdminBreak> {
  const { spots = 4, ...rest } = overrides;
  const body: BreakInput = {
    title: `Test break ${randomUUID().slice(0, 6)}`,
    sport: 'Baseball',
    boxes: 2,
    packsPerBox: 10,
    format: 'random_team',
    spotPrice: 25,
    teams: teamsOf(spots).map((name) => ({ name })),
    salesDeadline: hours(24),
    scheduledAt: hours(25),
    ...rest,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/breaks',
    headers: staff.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().break as AdminBreak;
}

/** A staff command on a break (open, start, complete, cancel), expected to succeed. */
export async function staffCommand(
  t: TestApp,
  staff: TestUser,
  breakId: string,
  command: 'open' | 'start' | 'complete' | 'cancel',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/breaks/${breakId}/${command}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { break: AdminBreak; refunded?: number };
}

/** A break on sale. */
export async function openBreak(
  t: TestApp,
  staff: TestUser,
  overrides: Parameters<typeof createBreak>[2] = {},
): Promise<AdminBreak> {
  const draft = await createBreak(t, staff, overrides);
  return (await staffCommand(t, staff, draft._id, 'open')).break;
}

export function buySpots(
  t: TestApp,
  buyer: TestUser,
  breakId: string,
  body: Record<string, unknown> = {},
  key = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/breaks/${breakId}/spots`,
    headers: { ...buyer.headers, 'idempotency-key': key },
    payload: body,
  });
}

/** Moves a break's sales deadline (and opening) into the past, as if time had passed. */
export async function passDeadline(database: Database, breakId: string) {
  await database.db
    .update(breaks)
    .set({
      salesDeadline: sql`now() - interval '1 minute'`,
      scheduledAt: sql`now() - interval '1 minute'`,
    })
    .where(eq(breaks.id, breakId));
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What every purchase run must keep: no spot sold twice, k = 1…sold, the counter equal to the
 * sales, every break debit matched by the sales it paid for (same buyer, same amount) and every
 * sale by exactly one debit, every wallet equal to the sum of its ledger.
 */
export async function saleInvariants(database: Database, breakId: string) {
  const [sales] = await rowsOf<{ n: number; spots: number; ks: number; maxk: number }>(
    database,
    sql`select count(*)::int n, count(distinct spot_number)::int spots, count(distinct k)::int ks,
          coalesce(max(k), 0)::int maxk from break_spot_sales where break_id = ${breakId}`,
  );
  const [counter] = await rowsOf<{ spots_sold: number; status: string; total_spots: number }>(
    database,
    sql`select spots_sold, status, total_spots from breaks where id = ${breakId}`,
  );
  const [debitsUnmatched] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int n from wallet_ledger l where l.kind = 'break' and l.ref_type = 'break_purchase'
          and -l.amount_cents <> coalesce((select sum(s.price_cents) from break_spot_sales s
            where s.purchase_id::text = l.ref_id and s.user_id = l.user_id), 0)`,
  );
  const [salesWithoutDebit] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int n from break_spot_sales s where s.break_id = ${breakId}
          and (select count(*) from wallet_ledger l where l.kind = 'break'
            and l.ref_id = s.purchase_id::text and l.user_id = s.user_id) <> 1`,
  );
  const [walletsOff] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int n from wallets w where w.balance_cents <>
          coalesce((select sum(amount_cents) from wallet_ledger l where l.user_id = w.user_id), 0)`,
  );
  return {
    sales: sales!,
    counter: counter!,
    debitsUnmatched: debitsUnmatched!.n,
    salesWithoutDebit: salesWithoutDebit!.n,
    walletsOff: walletsOff!.n,
  };
}

/** Refund ledger rows of a break's sales, per sale. */
export async function refundsPerSale(database: Database, breakId: string) {
  return rowsOf<{ sale: string; refunds: number; amount: number }>(
    database,
    sql`select s.id::text sale, count(l.id)::int refunds, coalesce(sum(l.amount_cents), 0)::int amount
          from break_spot_sales s left join wallet_ledger l
            on l.kind = 'refund' and l.ref_type = 'break_spot' and l.ref_id = s.id::text
          where s.break_id = ${breakId} group by s.id`,
  );
}
