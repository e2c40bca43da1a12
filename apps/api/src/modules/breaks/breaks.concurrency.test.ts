import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { BREAKS_ON, buySpots, openBreak, saleInvariants } from '../../../test/fixtures/breaks.js';
import { fund } from '../../../test/fixtures/wallet.js';

/**
 * Many buyers race for one break's spots. On PostgreSQL this is the full run (300
 * purchases, 30 spots, 60 buyers, real parallel connections); PGlite runs one connection, so
 * there the same invariants are checked on a smaller run.
 */
const big = testEngine === 'postgres';
const SPOTS = big ? 30 : 10;
const BUYERS = big ? 60 : 12;
const PURCHASES = big ? 300 : 60;
const PRICE_CENTS = 1_500;

describe(`concurrent spot purchases (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it(
    `${PURCHASES} purchases of a ${SPOTS}-spot break from ${BUYERS} buyers: exactly ${SPOTS} sold, every debit matched`,
    { timeout: 180_000 },
    async () => {
      const b = await openBreak(t, staff, { spots: SPOTS, spotPrice: PRICE_CENTS / 100 });
      const buyers: TestUser[] = [];
      for (let i = 0; i < BUYERS; i++) buyers.push(await createUser(t));
      // Enough for every attempt, so a 402 can never stand in for a sold-out 409.
      const perBuyer = Math.ceil(PURCHASES / BUYERS);
      for (const u of buyers) await fund(t.database, u.id, perBuyer * PRICE_CENTS);

      const results = await Promise.all(
        Array.from({ length: PURCHASES }, (_, i) =>
          buySpots(t, buyers[i % BUYERS]!, b._id, { quantity: 1 }, `race-${i}-${randomUUID()}`),
        ),
      );
      const byStatus = new Map<number, number>();
      for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 201: SPOTS, 409: PURCHASES - SPOTS });
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe('This break is sold out.');
      }
      const spots = results
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json().spots[0].spotNumber as number);
      expect(spots.sort((a, z) => a - z)).toEqual(Array.from({ length: SPOTS }, (_, i) => i + 1));

      expect(await saleInvariants(t.database, b._id)).toEqual({
        sales: { n: SPOTS, spots: SPOTS, ks: SPOTS, maxk: SPOTS },
        counter: { spots_sold: SPOTS, status: 'filled', total_spots: SPOTS },
        debitsUnmatched: 0,
        salesWithoutDebit: 0,
        walletsOff: 0,
      });
      // The ledger balances to the cent: together the buyers paid exactly the spots sold.
      const spent = await Promise.all(
        buyers.map(
          async (u) => perBuyer * PRICE_CENTS - (await t.app.services.wallet.balance(u.id)),
        ),
      );
      expect(spent.reduce((a, z) => a + z, 0)).toBe(SPOTS * PRICE_CENTS);
    },
  );
});
