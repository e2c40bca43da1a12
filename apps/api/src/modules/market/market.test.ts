import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Listing, Offer } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { marketInvariants, vaultCard } from '../../../test/fixtures/market.js';
import {
  auditLog,
  holdings,
  houseLedger,
  marketListings,
  marketOffers,
  notifications,
  signIns,
  walletLedger,
} from '../../db/schema/index.js';

describe(`the marketplace: listings and Buy now (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let keys = 0;

  const call = (who: TestUser | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who ? { ...who.headers, 'idempotency-key': `market-${++keys}` } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const balance = (userId: string) => t.app.services.wallet.balance(userId);
  const stateOf = async (holdingId: string) =>
    (await t.database.db.select().from(holdings).where(eq(holdings.id, holdingId)))[0]!.state;
  const collector = async (cents = 0) => {
    const user = await createUser(t);
    if (cents) await fund(t.database, user.id, cents);
    return user;
  };
  const list = async (who: TestUser, holdingId: string, body: object = {}) => {
    const res = await call(who, 'POST', '/api/market/listings', { holdingId, price: 100, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Listing;
  };
  /** A seller with one listed card (FMV $80 unless said) and the listing. */
  const listed = async (price = 100, body: object = {}, seed: object = {}) => {
    const seller = await collector();
    const { card, holding } = await vaultCard(t.database.db, seller.id, {
      fmvCents: 8_000,
      ...seed,
    });
    const listing = await list(seller, holding.id, { price, ...body });
    return { seller, card, holding, listing };
  };
  const conserved = async (check: () => Promise<void>) => {
    const before = await marketInvariants(t.database.db);
    await check();
    const after = await marketInvariants(t.database.db);
    expect(after.money).toBe(after.funded);
    expect(after.money - after.funded).toBe(before.money - before.funded);
    expect(after.cardsTwice).toBe(0);
    expect(after.negative).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('lists a vault card: the card is "listed", the listing is public and searchable', async () => {
    const { seller, holding, listing } = await listed(
      125.5,
      {},
      { player: 'Listing Searchplayer' },
    );
    expect(listing).toMatchObject({
      seller: seller.username,
      price: 125.5,
      status: 'open',
      acceptsOffers: false,
      minOffer: null,
      frozen: false,
    });
    expect(await stateOf(holding.id)).toBe('listed');
    const found = await call(null, 'GET', '/api/market/listings?player=searchplayer&maxPrice=200');
    expect(found.statusCode).toBe(200);
    expect(found.json().listings.map((l: Listing) => l._id)).toEqual([listing._id]);
    const none = await call(null, 'GET', '/api/market/listings?player=searchplayer&minPrice=126');
    expect(none.json()).toMatchObject({ listings: [], total: 0 });
    const detail = await call(null, 'GET', `/api/market/listings/${listing._id}`);
    expect(detail.json()).toMatchObject({
      listing: { _id: listing._id, card: { fmv: 80, certUrl: expect.stringContaining('psacard') } },
      comps: { sales: [], fmv: { value: 80 } },
    });
    const selling = await call(seller, 'GET', '/api/market/selling');
    expect(selling.json()).toMatchObject({
      feePercent: 5,
      listings: [{ _id: listing._id, proceeds: 119.23, openOffers: 0 }],
    });
  });

  it('refuses bad listings with a 4xx naming what is wrong, and writes nothing', async () => {
    const seller = await collector();
    const other = await collector();
    const { holding } = await vaultCard(t.database.db, seller.id);
    const { holding: theirs } = await vaultCard(t.database.db, other.id);
    const cases: [object, number, RegExp][] = [
      [{ holdingId: theirs.id, price: 10 }, 404, /vault/],
      [{ holdingId: holding.id, price: 0.5 }, 400, /price/],
      [{ holdingId: holding.id, price: 10.001 }, 400, /price/],
      [{ holdingId: holding.id, price: 10_000_001 }, 400, /price/],
      [{ holdingId: holding.id, price: -5 }, 400, /price/],
      [{ holdingId: holding.id, price: 10, minOffer: 11 }, 400, /minOffer/],
      [{ holdingId: 'not-an-id', price: 10 }, 400, /holdingId/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(seller, 'POST', '/api/market/listings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await stateOf(holding.id)).toBe('in_vault');
    await list(seller, holding.id);
    const twice = await call(seller, 'POST', '/api/market/listings', {
      holdingId: holding.id,
      price: 5,
    });
    expect(twice.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(marketListings)
      .where(eq(marketListings.holdingId, holding.id));
    expect(rows).toHaveLength(1);
  });

  it('settles Buy now in one transaction: price, 5% fee to the house, card to the buyer', async () => {
    const { seller, holding, listing, card } = await listed(200);
    const buyer = await collector(50_000);
    await conserved(async () => {
      const res = await call(buyer, 'POST', `/api/market/listings/${listing._id}/buy`, {
        price: 200,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ listing: { status: 'sold' }, balance: 300 });
      expect(await balance(buyer.id)).toBe(30_000);
      expect(await balance(seller.id)).toBe(19_000);
      const fee = await t.database.db
        .select()
        .from(houseLedger)
        .where(eq(houseLedger.refId, sql`${houseLedger.refId}`));
      expect(fee.some((f) => f.amountCents === 1_000)).toBe(true);
      expect(await stateOf(holding.id)).toBe('sold');
      const [bought] = await t.database.db
        .select()
        .from(holdings)
        .where(eq(holdings.id, res.json().holdingId));
      expect(bought).toMatchObject({
        userId: buyer.id,
        cardId: card.id,
        state: 'in_vault',
        source: 'market',
        costCents: 20_000,
      });
    });
    const vault = await call(buyer, 'GET', '/api/vault');
    expect(vault.json().holdings[0]).toMatchObject({
      sourceLabel: 'Marketplace purchase',
      cost: 200,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, listing._id));
    expect(audit.map((a) => a.action)).toEqual(['market.sale']);
    const comps = await call(null, 'GET', `/api/market/comps/${card.id}`);
    expect(comps.json().sales).toEqual([expect.objectContaining({ price: 200, kind: 'market' })]);
  });

  it('answers a repeated Buy now once, and a second buyer 409 with nothing written', async () => {
    const { listing } = await listed(50);
    const buyer = await collector(10_000);
    const late = await collector(10_000);
    const headers = { ...buyer.headers, 'idempotency-key': 'market-buy-once' };
    const url = `/api/market/listings/${listing._id}/buy`;
    const first = await t.app.inject({ method: 'POST', url, headers, payload: { price: 50 } });
    const again = await t.app.inject({ method: 'POST', url, headers, payload: { price: 50 } });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balance(buyer.id)).toBe(5_000);
    const lost = await call(late, 'POST', url, { price: 50 });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe('This card has already been sold.');
    expect(await balance(late.id)).toBe(10_000);
  });

  it('refuses one’s own listing, a stale price, a short wallet and a frozen account', async () => {
    const { seller, listing } = await listed(80);
    const url = `/api/market/listings/${listing._id}/buy`;
    await fund(t.database, seller.id, 10_000);
    expect((await call(seller, 'POST', url, { price: 80 })).statusCode).toBe(403);
    const buyer = await collector(5_000);
    const stale = await call(buyer, 'POST', url, { price: 70 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'The price changed to $80.00.', price: 80 });
    const short = await call(buyer, 'POST', url, { price: 80 });
    expect(short.statusCode).toBe(402);
    expect(
      (await call(null, 'GET', `/api/market/listings/${listing._id}`)).json().listing.status,
    ).toBe('open');
    const frozen = await collector(20_000);
    const freeze = await call(admin, 'POST', `/api/admin/market/users/${frozen.id}/access`, {
      frozen: true,
      reason: 'Chargebacks under review',
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    const refused = await call(frozen, 'POST', url, { price: 80 });
    expect(refused.statusCode).toBe(403);
    expect(await balance(frozen.id)).toBe(20_000);
  });

  it('counts Buy now and offers against the spending limit like any purchase', async () => {
    const buyer = await collector(50_000);
    const set = await call(buyer, 'PUT', '/api/limits/spending', { '24h': 60 });
    expect(set.statusCode).toBe(200);
    const first = await listed(50);
    const bought = await call(buyer, 'POST', `/api/market/listings/${first.listing._id}/buy`, {
      price: 50,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const second = await listed(20);
    const refused = await call(buyer, 'POST', `/api/market/listings/${second.listing._id}/buy`, {
      price: 20,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ limit: 'spending', window: '24h', remaining: 10 });
    const offers = await listed(40, { acceptsOffers: true });
    const offer = await call(buyer, 'POST', `/api/market/listings/${offers.listing._id}/offers`, {
      amount: 15,
    });
    expect(offer.statusCode).toBe(403);
    expect(await balance(buyer.id)).toBe(45_000);
    const state = await call(buyer, 'GET', '/api/limits');
    expect(state.json().spending[0]).toMatchObject({ used: 50, remaining: 10 });
  });

  it('lets the seller reprice and cancel: the card returns to the vault', async () => {
    const { seller, holding, listing } = await listed(100);
    const other = await collector();
    const url = `/api/market/listings/${listing._id}`;
    expect((await call(other, 'PATCH', url, { price: 90 })).statusCode).toBe(404);
    const repriced = await call(seller, 'PATCH', url, { price: 90, minOffer: 60 });
    expect(repriced.json()).toMatchObject({ price: 90, minOffer: 60, acceptsOffers: true });
    expect((await call(seller, 'PATCH', url, { minOffer: 95 })).statusCode).toBe(400);
    const cancelled = await call(seller, 'POST', `${url}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await stateOf(holding.id)).toBe('in_vault');
    expect((await call(seller, 'POST', `${url}/cancel`, {})).statusCode).toBe(409);
  });

  it('lets staff freeze a listing: it leaves the search and cannot be bought', async () => {
    const { listing } = await listed(60);
    const buyer = await collector(10_000);
    const res = await call(admin, 'POST', `/api/admin/market/listings/${listing._id}/freeze`, {
      frozen: true,
    });
    expect(res.json()).toMatchObject({ frozen: true });
    const buy = await call(buyer, 'POST', `/api/market/listings/${listing._id}/buy`, { price: 60 });
    expect(buy.statusCode).toBe(409);
    const search = await call(null, 'GET', '/api/market/listings?limit=60');
    expect(search.json().listings.map((l: Listing) => l._id)).not.toContain(listing._id);
    await call(admin, 'POST', `/api/admin/market/listings/${listing._id}/freeze`, {
      frozen: false,
    });
    expect(
      (await call(buyer, 'POST', `/api/market/listings/${listing._id}/buy`, { price: 60 }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps a sale between accounts that share a sign-in address out of the comps and flags it', async () => {
    const { seller, listing, card } = await listed(300, {}, { player: 'Related Accounts Player' });
    const buyer = await collector(50_000);
    await t.database.db.insert(signIns).values([
      { userId: seller.id, ip: '203.0.113.77' },
      { userId: buyer.id, ip: '203.0.113.77' },
    ]);
    const res = await call(buyer, 'POST', `/api/market/listings/${listing._id}/buy`, {
      price: 300,
    });
    expect(res.statusCode).toBe(200);
    const comps = await call(null, 'GET', `/api/market/comps/${card.id}`);
    expect(comps.json().sales).toEqual([]);
    const overview = await call(admin, 'GET', '/api/admin/market');
    expect(overview.json().flaggedSales[0]).toMatchObject({
      seller: seller.username,
      buyer: buyer.username,
      price: 300,
      reason: 'Signed in from the same address in the last 30 days',
    });
  });
});

describe(`the marketplace: offers and counteroffers (${testEngine})`, () => {
  let t: TestApp;
  let keys = 0;
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...who.headers, 'idempotency-key': `offer-key-${++keys}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const balance = (userId: string) => t.app.services.wallet.balance(userId);
  const collector = async (cents = 0) => {
    const user = await createUser(t);
    if (cents) await fund(t.database, user.id, cents);
    return user;
  };
  const listing = async (price = 100, minOffer: number | null = null) => {
    const seller = await collector();
    const { holding } = await vaultCard(t.database.db, seller.id);
    const res = await call(seller, 'POST', '/api/market/listings', {
      holdingId: holding.id,
      price,
      acceptsOffers: true,
      minOffer,
    });
    return { seller, holding, listing: res.json() as Listing };
  };
  const offer = async (who: TestUser, listingId: string, amount: number, days?: number) => {
    const res = await call(who, 'POST', `/api/market/listings/${listingId}/offers`, {
      amount,
      ...(days ? { expiresInDays: days } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Offer;
  };
  const step = (who: TestUser, offerId: string, name: string, payload: object = {}) =>
    call(who, 'POST', `/api/market/offers/${offerId}/${name}`, payload);
  const expectConserved = async () => {
    const after = await marketInvariants(t.database.db);
    expect(after.money).toBe(after.funded);
    expect(after.cardsTwice).toBe(0);
    expect(after.negative).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('holds an offer, lets the seller counter and the buyer accept: settled at the counter', async () => {
    const { seller, holding, listing: l } = await listing(100, 50);
    const buyer = await collector(20_000);
    const rival = await collector(20_000);
    const made = await offer(buyer, l._id, 70);
    expect(made).toMatchObject({
      amount: 70,
      by: 'buyer',
      held: 70,
      status: 'open',
      role: 'buyer',
      yourTurn: false,
    });
    expect(await balance(buyer.id)).toBe(13_000);
    const rivalOffer = await offer(rival, l._id, 60);
    expect((await step(buyer, made._id, 'accept', { amount: 70 })).statusCode).toBe(409);
    const countered = await step(seller, made._id, 'counter', { amount: 85 });
    expect(countered.json()).toMatchObject({
      amount: 85,
      by: 'seller',
      role: 'seller',
      yourTurn: false,
    });
    const inbox = await call(buyer, 'GET', '/api/market/offers');
    expect(inbox.json().offers[0]).toMatchObject({ _id: made._id, yourTurn: true, amount: 85 });
    const stale = await step(buyer, made._id, 'accept', { amount: 70 });
    expect(stale.statusCode).toBe(409);
    const accepted = await step(buyer, made._id, 'accept', { amount: 85 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', listing: { status: 'sold' } });
    expect(await balance(buyer.id)).toBe(11_500);
    expect(await balance(seller.id)).toBe(8_075);
    // The rival's offer closed with the sale and their hold came back in the same transaction.
    expect(await balance(rival.id)).toBe(20_000);
    const [rivalRow] = await t.database.db
      .select()
      .from(marketOffers)
      .where(eq(marketOffers.id, rivalOffer._id));
    expect(rivalRow!.status).toBe('closed');
    const [held] = await t.database.db.select().from(holdings).where(eq(holdings.id, holding.id));
    expect(held!.state).toBe('sold');
    expect(accepted.json().history.map((h: { action: string }) => h.action)).toEqual([
      'offer',
      'counter',
      'accept',
    ]);
    await expectConserved();
  });

  it('tells each side in the bell: an offer to answer pinned, then the counter, the sale and the closed offer', async () => {
    const { seller, listing: l } = await listing(100);
    const buyer = await collector(20_000);
    const rival = await collector(20_000);
    const kinds = async (who: TestUser) =>
      (
        await t.database.db
          .select({
            kind: notifications.kind,
            needsAnswer: notifications.needsAnswer,
            answeredAt: notifications.answeredAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, who.id))
          .orderBy(notifications.createdAt)
      ).map((n) => `${n.kind}${n.needsAnswer && !n.answeredAt ? ' (pinned)' : ''}`);
    const made = await offer(buyer, l._id, 60);
    await offer(rival, l._id, 55);
    expect(await kinds(seller)).toEqual(['offer.received (pinned)', 'offer.received (pinned)']);
    await step(seller, made._id, 'counter', { amount: 80 });
    expect(await kinds(buyer)).toEqual(['offer.countered (pinned)']);
    expect((await step(buyer, made._id, 'accept', { amount: 80 })).statusCode).toBe(200);
    expect(await kinds(buyer)).toEqual(['offer.countered', 'offer.accepted']);
    expect(await kinds(seller)).toEqual(['offer.received', 'offer.received', 'listing.sold']);
    expect(await kinds(rival)).toEqual(['offer.closed']);
  });

  it('refuses bad offers with a 4xx and holds nothing', async () => {
    const { seller, listing: l } = await listing(100, 50);
    const buyer = await collector(5_500);
    const noOffers = await collector();
    const { holding } = await vaultCard(t.database.db, noOffers.id);
    const fixed = (
      await call(noOffers, 'POST', '/api/market/listings', { holdingId: holding.id, price: 40 })
    ).json();
    const url = `/api/market/listings/${l._id}/offers`;
    const cases: [TestUser, string, object, number][] = [
      [buyer, url, { amount: 40 }, 400],
      [buyer, url, { amount: 100 }, 400],
      [buyer, url, { amount: 60.123 }, 400],
      [buyer, url, { amount: 60, expiresInDays: 15 }, 400],
      [buyer, url, { amount: 60, expiresInDays: 0 }, 400],
      [buyer, url, { amount: 60 }, 402],
      [seller, url, { amount: 60 }, 403],
      [buyer, `/api/market/listings/${fixed._id}/offers`, { amount: 20 }, 409],
    ];
    for (const [who, at, body, status] of cases) {
      const res = await call(who, 'POST', at, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await balance(buyer.id)).toBe(5_500);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketOffers)
      .where(eq(marketOffers.buyerId, buyer.id))) as [{ n: number }];
    expect(n).toBe(0);
    await offer(buyer, l._id, 50);
    expect((await call(buyer, 'POST', url, { amount: 55 })).statusCode).toBe(409);
  });

  it('releases the hold when the seller declines, the buyer withdraws, or the buyer lowers it', async () => {
    const { seller, listing: l } = await listing(100);
    const buyer = await collector(10_000);
    const first = await offer(buyer, l._id, 60);
    const declined = await step(seller, first._id, 'decline');
    expect(declined.json()).toMatchObject({ status: 'declined', held: 0 });
    expect(await balance(buyer.id)).toBe(10_000);
    expect((await step(seller, first._id, 'decline')).statusCode).toBe(409);
    const second = await offer(buyer, l._id, 60);
    expect((await step(seller, second._id, 'withdraw')).statusCode).toBe(403);
    await step(seller, second._id, 'counter', { amount: 90 });
    const lowered = await step(buyer, second._id, 'counter', { amount: 75 });
    expect(lowered.json()).toMatchObject({ amount: 75, by: 'buyer', held: 75 });
    expect(await balance(buyer.id)).toBe(2_500);
    const withdrawn = await step(buyer, second._id, 'withdraw');
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect(await balance(buyer.id)).toBe(10_000);
    const stranger = await collector();
    expect((await step(stranger, second._id, 'decline')).statusCode).toBe(404);
    await expectConserved();
  });

  it('expires offers through the worker, and the database refuses a late acceptance or a second release', async () => {
    const { seller, listing: l } = await listing(100);
    const buyer = await collector(10_000);
    const made = await offer(buyer, l._id, 60, 1);
    await t.database.db
      .update(marketOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(marketOffers.id, made._id));
    expect((await step(seller, made._id, 'accept', { amount: 60 })).statusCode).toBe(409);
    await expect(
      t.database.db
        .update(marketOffers)
        .set({ status: 'accepted', decidedAt: new Date() })
        .where(eq(marketOffers.id, made._id)),
    ).rejects.toThrow();
    // The expiry worker may have ended it already; either way it is ended once.
    await t.app.services.offers.expireDue(50);
    const [row] = await t.database.db
      .select()
      .from(marketOffers)
      .where(eq(marketOffers.id, made._id));
    expect(row!.status).toBe('expired');
    expect(await balance(buyer.id)).toBe(10_000);
    await expect(
      t.database.db.insert(walletLedger).values({
        userId: buyer.id,
        amountCents: 6_000,
        balanceAfterCents: 16_000,
        kind: 'hold_release',
        refType: 'wallet_hold',
        refId: row!.holdId,
        description: 'A second release',
      }),
    ).rejects.toThrow();
    await expectConserved();
  });

  it('releases every open offer when the seller cancels the listing', async () => {
    const { seller, holding, listing: l } = await listing(100);
    const buyers = [await collector(10_000), await collector(10_000)];
    for (const b of buyers) await offer(b, l._id, 55);
    await call(seller, 'POST', `/api/market/listings/${l._id}/cancel`, {});
    for (const b of buyers) expect(await balance(b.id)).toBe(10_000);
    const [held] = await t.database.db.select().from(holdings).where(eq(holdings.id, holding.id));
    expect(held!.state).toBe('in_vault');
    await expectConserved();
  });

  it('settles a Buy now of a listing with open offers, releasing them, as a Buy now of one without', async () => {
    const { seller, listing: l } = await listing(100, 50);
    const bidders = [await collector(10_000), await collector(10_000)];
    for (const b of bidders) await offer(b, l._id, 60);
    const buyer = await collector(20_000);
    const headers = { ...buyer.headers, 'idempotency-key': 'market-buy-with-offers' };
    const url = `/api/market/listings/${l._id}/buy`;
    const first = await t.app.inject({ method: 'POST', url, headers, payload: { price: 100 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ listing: { status: 'sold' }, balance: 100 });
    const again = await t.app.inject({ method: 'POST', url, headers, payload: { price: 100 } });
    expect(again.json()).toEqual(first.json());
    expect(await balance(buyer.id)).toBe(10_000);
    expect(await balance(seller.id)).toBe(9_500);
    for (const b of bidders) expect(await balance(b.id)).toBe(10_000);
    const offers = await call(bidders[0]!, 'GET', '/api/market/offers?status=all');
    expect(offers.json().offers[0]).toMatchObject({ status: 'closed', held: 0 });
    const sold = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.kind, 'listing.sold')));
    expect(sold.map((n) => n.title)).toEqual([expect.stringMatching(/ sold for \$100\.00$/)]);
    await expectConserved();
  });
});
