import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CUSTODY_STATES } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { postAs, type TestUser } from '../../../test/users.js';
import { marketKit } from '../../../test/fixtures/market-kit.js';
import { holdings, marketTrades, walletLedger, wallets } from '../../db/schema/index.js';

const ROUNDS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// On PostgreSQL the requests run on parallel pool connections and contend for the listing's, the
// trade's and the holdings' row locks; PGlite runs one statement at a time, so there it is a
// correctness run of the same code.
describe(`trades at once (${testEngine})`, () => {
  let t: TestApp;
  const k = marketKit(() => t);
  const { allCards: cards, db, collector } = k;
  const post = (who: TestUser, url: string, payload: object = {}) => postAs(t, who, url, payload);
  const total = async () => (await k.money()).total;
  /** Every card in exactly one custody place, and every wallet equal to its ledger. */
  const expectWhole = async () => {
    await k.expectCardsWhole();
    const drift = await db()
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(
        sql`${wallets.balanceCents} <> (select coalesce(sum(${walletLedger.amountCents}), 0) from ${walletLedger} where ${walletLedger.userId} = ${wallets.userId})`,
      );
    expect(drift).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the recipient accepts while the same card is bought with Buy now: exactly one wins', async () => {
    const buyer = await collector(0);
    const wins = { trade: 0, buy: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await collector(1);
      const b = await collector(1);
      const listing = await post(b.user, '/api/market/listings', {
        holdingId: b.held[0],
        price: 50,
        acceptsOffers: true,
      });
      expect(listing.statusCode).toBe(201);
      const proposed = await post(a.user, '/api/market/trades', {
        to: b.user.username,
        give: a.held,
        giveCash: 10,
        get: b.held,
        getCash: 2,
      });
      expect(proposed.statusCode).toBe(201);
      const tradeId = proposed.json()._id;
      const before = await total();
      const [accepted, bought] = await Promise.all([
        post(b.user, `/api/market/trades/${tradeId}/accept`),
        // Every other round the purchase starts a little later, so either side can win.
        sleep(round % 2 ? round * 4 : 0).then(() =>
          post(buyer.user, `/api/market/listings/${listing.json()._id}/buy`, { price: 50 }),
        ),
      ]);
      expect([accepted.statusCode, bought.statusCode].sort()).toEqual([200, 409]);
      expect(await total()).toBe(before);
      const [trade] = await db().select().from(marketTrades).where(eq(marketTrades.id, tradeId));
      const [got] = await db()
        .select({ userId: holdings.userId })
        .from(holdings)
        .where(
          and(
            eq(holdings.cardId, cards[cards.length - 1]!),
            inArray(holdings.state, [...CUSTODY_STATES]),
          ),
        );
      if (accepted.statusCode === 200) {
        wins.trade++;
        expect(trade!.status).toBe('accepted');
        expect(got!.userId).toBe(a.user.id);
      } else {
        wins.buy++;
        expect(trade!.status).toBe('open');
        expect(got!.userId).toBe(buyer.user.id);
        // The proposer's card and cash are still held; withdrawing gives them back.
        expect((await post(a.user, `/api/market/trades/${tradeId}/withdraw`)).statusCode).toBe(200);
        expect(await total()).toBe(before);
      }
      await expectWhole();
    }
    expect(wins.trade + wins.buy).toBe(ROUNDS);
  });

  it('an accept racing a withdraw and a second accept: exactly one answer ends the trade', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await collector(1);
      const b = await collector(1);
      const proposed = await post(a.user, '/api/market/trades', {
        to: b.user.username,
        give: a.held,
        giveCash: 5,
        get: b.held,
      });
      const tradeId = proposed.json()._id;
      const before = await total();
      const answers = await Promise.all([
        post(b.user, `/api/market/trades/${tradeId}/accept`),
        post(b.user, `/api/market/trades/${tradeId}/accept`),
        post(a.user, `/api/market/trades/${tradeId}/withdraw`),
      ]);
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
      expect(await total()).toBe(before);
      await expectWhole();
    }
  });

  it('a sale and a trade between the same two collectors at once both settle (no deadlock)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const b = await collector(2);
      const c = await collector(1);
      const listing = await post(b.user, '/api/market/listings', {
        holdingId: b.held[0],
        price: 30,
      });
      expect(listing.statusCode).toBe(201);
      // C proposes to B with cash both ways; B sells C another card meanwhile.
      const proposed = await post(c.user, '/api/market/trades', {
        to: b.user.username,
        give: c.held,
        giveCash: 7,
        get: [b.held[1]],
        getCash: 3,
      });
      expect(proposed.statusCode).toBe(201);
      const before = await total();
      const [accepted, bought] = await Promise.all([
        post(b.user, `/api/market/trades/${proposed.json()._id}/accept`),
        post(c.user, `/api/market/listings/${listing.json()._id}/buy`, { price: 30 }),
      ]);
      expect([accepted.statusCode, bought.statusCode]).toEqual([200, 200]);
      expect(await total()).toBe(before);
      await expectWhole();
    }
  });
});
