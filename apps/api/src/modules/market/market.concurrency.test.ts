import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Listing, Offer } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, postAs, type TestUser } from '../../../test/users.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { marketInvariants, vaultCard } from '../../../test/fixtures/market.js';
import { holdings, marketSales } from '../../db/schema/index.js';

const BUYERS = 100;

// On PostgreSQL the requests run on parallel pool connections and contend for the listing's
// lock; PGlite runs one statement at a time, so there it is a correctness run of the same code.
describe(`the marketplace at once (${testEngine})`, () => {
  let t: TestApp;
  const post = (who: TestUser, url: string, payload: object) => postAs(t, who, url, payload);
  const collector = async (cents = 0) => {
    const user = await createUser(t);
    if (cents) await fund(t.database, user.id, cents);
    return user;
  };
  const listed = async (price: number, acceptsOffers = false) => {
    const seller = await collector();
    const { holding, card } = await vaultCard(t.database.db, seller.id);
    const res = await post(seller, '/api/market/listings', {
      holdingId: holding.id,
      price,
      acceptsOffers,
    });
    return { seller, holding, card, listing: res.json() as Listing };
  };
  const expectWhole = async () => {
    const now = await marketInvariants(t.database.db);
    expect(now.money).toBe(now.funded);
    expect(now.cardsTwice).toBe(0);
    expect(now.negative).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(`sells one listing to exactly one of ${BUYERS} buyers racing for it`, async () => {
    const { listing, card } = await listed(25);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => collector(5_000)));
    const answers = await Promise.all(
      buyers.map((b) => post(b, `/api/market/listings/${listing._id}/buy`, { price: 25 })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - 1);
    const balances = await Promise.all(buyers.map((b) => t.app.services.wallet.balance(b.id)));
    expect(balances.filter((b) => b === 2_500)).toHaveLength(1);
    expect(balances.filter((b) => b === 5_000)).toHaveLength(BUYERS - 1);
    const held = await t.database.db.select().from(holdings).where(eq(holdings.cardId, card.id));
    expect(held.filter((h) => h.state === 'in_vault')).toHaveLength(1);
    await expectWhole();
  });

  it('settles once when the seller accepts an offer while another collector buys now', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, listing } = await listed(40, true);
      const offerer = await collector(5_000);
      const buyer = await collector(5_000);
      const made = await post(offerer, `/api/market/listings/${listing._id}/offers`, {
        amount: 30,
      });
      const offer = made.json() as Offer;
      const [accepted, bought] = await Promise.all([
        post(seller, `/api/market/offers/${offer._id}/accept`, { amount: 30 }),
        post(buyer, `/api/market/listings/${listing._id}/buy`, { price: 40 }),
      ]);
      expect([accepted.statusCode, bought.statusCode].sort()).toEqual([200, 409]);
      const sales = await t.database.db
        .select()
        .from(marketSales)
        .where(eq(marketSales.listingId, listing._id));
      expect(sales).toHaveLength(1);
      const offererBalance = await t.app.services.wallet.balance(offerer.id);
      const buyerBalance = await t.app.services.wallet.balance(buyer.id);
      // Whoever lost has every cent back, the offer's hold included.
      expect(accepted.statusCode === 200 ? buyerBalance : offererBalance).toBe(5_000);
      await expectWhole();
    }
  });
});
