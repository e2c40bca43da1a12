import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PackPurchaseResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { SeedVault } from './fairness.js';
import {
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';

/**
 * Many buyers race for one case. On PostgreSQL this is the full run (1,000 purchases,
 * 100 cards, 200 buyers, real parallel connections); PGlite runs one connection, so there the
 * same invariants are checked on a smaller run.
 */
const big = testEngine === 'postgres';
const CARDS = big ? 100 : 20;
const BUYERS = big ? 200 : 20;
const PURCHASES = big ? 1000 : 100;
const PRICE_CENTS = 2_500;

describe(`concurrent pack purchases (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A live case of CARDS cards at PRICE_CENTS, and `count` collectors funded for `packs` each. */
  async function caseAndBuyers(count: number, packs: number) {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: CARDS,
      packPrice: PRICE_CENTS / 100,
    });
    const buyers: TestUser[] = [];
    for (let i = 0; i < count; i++) buyers.push(await createUser(t));
    for (const b of buyers) await fund(t.database, b.id, packs * PRICE_CENTS);
    return { caseId, buyers };
  }

  it(
    `${PURCHASES} purchases against a ${CARDS}-card case from ${BUYERS} buyers: exactly ${CARDS} succeed`,
    { timeout: 180_000 },
    async () => {
      // Enough for every attempt, so a 402 can never stand in for a sold-out 409.
      const perBuyer = Math.ceil(PURCHASES / BUYERS);
      const { caseId, buyers } = await caseAndBuyers(BUYERS, perBuyer);

      const results = await Promise.all(
        Array.from({ length: PURCHASES }, (_, i) => {
          const buyer = buyers[i % BUYERS]!;
          return t.app.inject({
            method: 'POST',
            url: `/api/grail-cases/${caseId}/packs`,
            headers: { ...buyer.headers, 'idempotency-key': `race-${i}-${caseId}` },
            payload: {},
          });
        }),
      );
      const byStatus = new Map<number, number>();
      for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 201: CARDS, 409: PURCHASES - CARDS });
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe('This case is sold out.');
      }
      const ks = results.filter((r) => r.statusCode === 201).map((r) => r.json().pull.k);
      expect([...ks].sort((a, b) => a - b)).toEqual(Array.from({ length: CARDS }, (_, i) => i + 1));

      const inv = await purchaseInvariants(t.database, caseId);
      expect(inv).toEqual({
        pulls: { n: CARDS, cards: CARDS, ks: CARDS, maxk: CARDS },
        debitsWithoutPull: 0,
        pullsWithoutDebit: 0,
        walletsOff: 0,
        cardsNotPulled: 0,
        counter: { pulls_count: CARDS, status: 'sold_out' },
      });
      // However the purchases interleaved, every pull is the one the fairness rule gives.
      expect(
        await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
      ).toEqual([]);
      // The ledger balances to the cent: every buyer paid exactly their packs.
      const spent = await Promise.all(
        buyers.map(
          async (b) => perBuyer * PRICE_CENTS - (await t.app.services.wallet.balance(b.id)),
        ),
      );
      expect(spent.reduce((a, b) => a + b, 0)).toBe(CARDS * PRICE_CENTS);
    },
  );

  it(
    `purchases of 10, 5, 3 and 1 packs racing for a ${CARDS}-card case: no card twice, each all or nothing`,
    { timeout: 180_000 },
    async () => {
      const asks = [10, 5, 3, 1, 1, 1];
      const packsEach = asks.reduce((a, b) => a + b, 0);
      const funds = packsEach * PRICE_CENTS;
      const { caseId, buyers } = await caseAndBuyers(BUYERS / 2, packsEach);

      const races = buyers.flatMap((buyer, i) =>
        asks.map((packs, j) => ({ buyer, packs, key: `several-race-${i}-${j}-${caseId}` })),
      );
      const results = await Promise.all(
        races.map(({ buyer, packs, key }) =>
          t.app.inject({
            method: 'POST',
            url: `/api/grail-cases/${caseId}/pack-purchases`,
            headers: { ...buyer.headers, 'idempotency-key': key },
            payload: { packs },
          }),
        ),
      );
      const bought = new Map<string, number>();
      const pullIds: string[] = [];
      results.forEach((r, i) => {
        const { buyer, packs } = races[i]!;
        if (r.statusCode === 201) {
          const body = r.json<PackPurchaseResponse>();
          expect(body.pulls).toHaveLength(packs);
          expect(body.paid).toBe((packs * PRICE_CENTS) / 100);
          // One purchase's pulls have consecutive pull numbers.
          expect(body.pulls.map((p) => p.k)).toEqual(
            body.pulls.map((_, n) => body.pulls[0]!.k + n),
          );
          bought.set(buyer.id, (bought.get(buyer.id) ?? 0) + packs);
          pullIds.push(...body.pulls.map((p) => p._id));
          return;
        }
        // Refused whole: sold out, or fewer cards left than asked for.
        expect(r.statusCode, r.body).toBe(409);
        const { message, remaining } = r.json<{ message: string; remaining?: number }>();
        if (message !== 'This case is sold out.') expect(remaining).toBeLessThan(packs);
      });
      const sold = pullIds.length;
      expect(sold).toBeGreaterThan(0);
      expect(sold).toBeLessThanOrEqual(CARDS);
      expect(new Set(pullIds).size).toBe(sold);

      const inv = await purchaseInvariants(t.database, caseId);
      expect(inv).toMatchObject({
        pulls: { n: sold, cards: sold, ks: sold, maxk: sold },
        walletsOff: 0,
        cardsNotPulled: 0,
        counter: { pulls_count: sold },
      });
      // Each buyer paid exactly the packs of their purchases that were answered 201, in one debit
      // per purchase whose reference names its pulls; a refused purchase wrote nothing.
      for (const b of buyers) {
        const paid = funds - (await t.app.services.wallet.balance(b.id));
        expect(paid).toBe((bought.get(b.id) ?? 0) * PRICE_CENTS);
      }
      const unpaid = await t.database.db.execute(
        sql`select count(*)::int n from pulls p where p.case_id = ${caseId} and (
          select count(*) from wallet_ledger l where l.kind = 'pack' and l.user_id = p.user_id
            and p.id::text = any(string_to_array(l.ref_id, ','))) <> 1`,
      );
      expect((unpaid as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      expect(
        await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
      ).toEqual([]);
    },
  );
});
