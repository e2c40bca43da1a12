import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Trade } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { marketKit } from '../../../test/fixtures/market-kit.js';
import {
  auditLog,
  holdings,
  houseLedger,
  marketAccessFreezes,
  marketListings,
  marketOffers,
  marketTrades,
  wallets,
} from '../../db/schema/index.js';

/** MARKETPLACE_FEE_PERCENT's default: 5% of the cash part of a trade. */
const FEE = 5;

describe(`trades (${testEngine})`, () => {
  let t: TestApp;
  const k = marketKit(() => t);
  const { allCards, call, db, balanceOf, money, stateOf, expectCardsWhole, snapshot } = k;
  const { collector, propose, step, list } = k;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('proposes: the cards go in_trade and the cash is held; both sides see it', async () => {
    const a = await collector(2);
    const b = await collector(1);
    const before = await money();
    const res = await propose(a.user, {
      to: b.user.username,
      give: a.held,
      giveCash: 25.5,
      get: b.held,
      getCash: 0,
    });
    expect(res.statusCode).toBe(201);
    const trade = res.json() as Trade;
    expect(trade).toMatchObject({
      role: 'proposer',
      status: 'open',
      yourTurn: false,
      feePercent: FEE,
      counterOf: null,
      proposer: { collector: a.user.username, cash: 25.5 },
      recipient: { collector: b.user.username, cash: 0 },
    });
    expect(trade.proposer.cards.map((c) => c.holdingId)).toEqual(a.held);
    expect(trade.recipient.cards[0]).toMatchObject({ holdingId: b.held[0], fmv: 100 });
    expect(new Date(trade.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    for (const id of a.held) expect((await stateOf(id)).state).toBe('in_trade');
    expect((await stateOf(b.held[0]!)).state).toBe('in_vault');
    expect(await balanceOf(a.user.id)).toBe(100_000 - 2_550);
    expect(await money()).toEqual(before);

    const mine = (await call(b.user, 'GET', '/api/market/trades')).json();
    expect(mine.trades[0]).toMatchObject({ _id: trade._id, role: 'recipient', yourTurn: true });
    const theirs = (await call(a.user, 'GET', '/api/market/trades')).json();
    expect(theirs.trades[0]).toMatchObject({ _id: trade._id, role: 'proposer', yourTurn: false });
    await expectCardsWhole();
  });

  it('accepts: every card swaps and the cash moves both ways, the fee on the cash only', async () => {
    const a = await collector(2);
    const b = await collector(2);
    const before = await money();
    const res = await propose(a.user, {
      to: b.user.username,
      give: a.held,
      giveCash: 100,
      get: b.held,
      getCash: 40,
    });
    expect(res.statusCode).toBe(201);
    const { _id } = res.json() as Trade;
    const key = `accept-${_id}`;
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/market/trades/${_id}/accept`,
        headers: { ...b.user.headers, 'idempotency-key': key },
        payload: {},
      });
    const accepted = await accept();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', yourTurn: false });
    // The same key answers the same, and nothing moves twice.
    const again = await accept();
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('accepted');

    // $100 from A less 5% to B, $40 from B less 5% to A; the house keeps $5 + $2.
    expect(await balanceOf(a.user.id)).toBe(100_000 - 10_000 + 4_000 - 200);
    expect(await balanceOf(b.user.id)).toBe(100_000 - 4_000 + 10_000 - 500);
    const after = await money();
    expect(after.total).toBe(before.total);
    expect(after.fees - before.fees).toBe(700);
    const [fee] = await db()
      .select()
      .from(houseLedger)
      .where(and(eq(houseLedger.refType, 'market_trade'), eq(houseLedger.refId, _id)));
    expect(fee!.amountCents).toBe(700);

    for (const id of [...a.held, ...b.held]) expect((await stateOf(id)).state).toBe('sold');
    const received = await db()
      .select()
      .from(holdings)
      .where(and(eq(holdings.source, 'trade'), eq(holdings.sourceId, _id)));
    expect(received).toHaveLength(4);
    expect(received.filter((h) => h.userId === a.user.id)).toHaveLength(2);
    expect(received.filter((h) => h.userId === b.user.id)).toHaveLength(2);
    // Each card arrives costing its FMV at the trade, in the vault.
    expect(received.every((h) => h.state === 'in_vault' && h.costCents === 10_000)).toBe(true);
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'market.trade'), eq(auditLog.subjectId, _id)));
    expect(audited!.after).toMatchObject({ feeCents: 700, proposerCashCents: 10_000 });
    await expectCardsWhole();
  });

  it('a trade of cards only takes no fee; a listed card asked for is unlisted, its offers released', async () => {
    const a = await collector(1);
    const b = await collector(1);
    const c = await collector(0);
    const listing = await list(b.user, b.held[0]!);
    expect(listing.statusCode).toBe(201);
    const offer = await call(c.user, 'POST', `/api/market/listings/${listing.json()._id}/offers`, {
      amount: 90,
    });
    expect(offer.statusCode).toBe(201);
    const before = await money();
    const res = await propose(a.user, { to: b.user.username, give: a.held, get: b.held });
    expect(res.statusCode).toBe(201);
    expect((await stateOf(b.held[0]!)).state).toBe('listed');
    expect((await step(b.user, res.json()._id, 'accept')).statusCode).toBe(200);
    expect(await money()).toEqual(before);
    expect(await balanceOf(c.user.id)).toBe(100_000);
    const [l] = await db()
      .select()
      .from(marketListings)
      .where(eq(marketListings.id, listing.json()._id));
    expect(l!.status).toBe('cancelled');
    const [o] = await db().select().from(marketOffers).where(eq(marketOffers.id, offer.json()._id));
    expect(o!.status).toBe('closed');
    await expectCardsWhole();
  });

  it('declines and withdraws: the cards return to the vault and the cash is released', async () => {
    const a = await collector(2);
    const b = await collector(1);
    const before = await money();
    for (const [who, action, status] of [
      [b.user, 'decline', 'declined'],
      [a.user, 'withdraw', 'withdrawn'],
    ] as const) {
      const res = await propose(a.user, {
        to: b.user.username,
        give: a.held,
        giveCash: 12.34,
        get: b.held,
      });
      expect(res.statusCode).toBe(201);
      const id = res.json()._id;
      // The wrong side cannot do it.
      const other = who === a.user ? b.user : a.user;
      expect((await step(other, id, action)).statusCode).toBe(403);
      const ended = await step(who, id, action);
      expect(ended.statusCode).toBe(200);
      expect(ended.json().status).toBe(status);
      for (const h of a.held) expect((await stateOf(h)).state).toBe('in_vault');
      expect(await balanceOf(a.user.id)).toBe(100_000);
      expect(await money()).toEqual(before);
      // Ended once: a second answer is refused.
      expect((await step(who, id, action)).statusCode).toBe(409);
      expect((await step(b.user, id, 'accept')).statusCode).toBe(409);
    }
    await expectCardsWhole();
  });

  it('counters: the trade ends as countered and the answer opens with the sides swapped', async () => {
    const a = await collector(2);
    const b = await collector(2);
    const before = await money();
    const res = await propose(a.user, {
      to: b.user.username,
      give: [a.held[0]],
      giveCash: 50,
      get: [b.held[0]],
    });
    const first = res.json() as Trade;
    // The answer may ask for the card the proposer offered: it is released first.
    const countered = await step(b.user, first._id, 'counter', {
      give: [b.held[0], b.held[1]],
      giveCash: 0,
      get: [a.held[0]],
      getCash: 80,
    });
    expect(countered.statusCode).toBe(200);
    const answer = countered.json() as Trade;
    expect(answer).toMatchObject({
      role: 'proposer',
      status: 'open',
      counterOf: first._id,
      proposer: { collector: b.user.username, cash: 0 },
      recipient: { collector: a.user.username, cash: 80 },
    });
    const list = (await call(a.user, 'GET', '/api/market/trades')).json().trades as Trade[];
    expect(list[0]).toMatchObject({ _id: answer._id, yourTurn: true });
    expect(list.find((x) => x._id === first._id)).toMatchObject({
      status: 'countered',
      counteredBy: answer._id,
    });
    expect(await balanceOf(a.user.id)).toBe(100_000);
    expect((await stateOf(a.held[0]!)).state).toBe('in_vault');
    for (const h of b.held) expect((await stateOf(h)).state).toBe('in_trade');
    expect(await money()).toEqual(before);
    // The first trade is over; the proposer accepts the answer.
    expect((await step(b.user, first._id, 'accept')).statusCode).toBe(409);
    expect((await step(a.user, answer._id, 'accept')).statusCode).toBe(200);
    expect(await balanceOf(a.user.id)).toBe(100_000 - 8_000);
    expect(await balanceOf(b.user.id)).toBe(100_000 + 8_000 - 400);
    expect((await money()).total).toBe(before.total);
    await expectCardsWhole();
  });

  it('refuses every bad proposal with its 4xx, naming what is wrong, and writes nothing', async () => {
    const a = await collector(3);
    const b = await collector(3);
    const c = await collector(1);
    // One of B's cards was sold (it leaves custody), one of A's is listed.
    await db().update(holdings).set({ state: 'sold' }).where(eq(holdings.id, b.held[2]!));
    allCards.splice(allCards.indexOf(b.cards[2]!), 1);
    expect((await list(a.user, a.held[2]!)).statusCode).toBe(201);
    const unknown = randomUUID();
    const ok = {
      to: b.user.username,
      give: [a.held[0]],
      giveCash: 0,
      get: [b.held[0]],
      getCash: 0,
    };
    const cases: [object, number, RegExp][] = [
      [{ ...ok, to: a.user.username, get: [a.held[1]] }, 400, /yourself/],
      [{ ...ok, to: 'nobody_by_this_name' }, 404, /nobody_by_this_name/],
      [{ ...ok, give: [c.held[0]] }, 404, new RegExp(c.held[0]!)],
      [{ ...ok, give: [unknown] }, 404, new RegExp(unknown)],
      [{ ...ok, get: [c.held[0]] }, 404, new RegExp(c.held[0]!)],
      [{ ...ok, get: [unknown] }, 404, new RegExp(unknown)],
      [{ ...ok, give: [b.held[1]] }, 404, new RegExp(b.held[1]!)],
      [{ ...ok, give: [a.held[2]] }, 409, /listed/],
      [{ ...ok, get: [b.held[2]] }, 409, /sold/],
      [{ ...ok, give: [], giveCash: 0 }, 400, /give/],
      [{ ...ok, get: [] }, 400, /get/],
      [{ ...ok, give: [a.held[0], a.held[0]] }, 400, /twice/],
      [{ ...ok, get: [b.held[0], b.held[0]] }, 400, /twice/],
      [{ ...ok, giveCash: -1 }, 400, /giveCash/],
      [{ ...ok, getCash: 1.234 }, 400, /getCash/],
      [{ ...ok, giveCash: 10_000_001 }, 400, /giveCash/],
      [{ ...ok, give: Array.from({ length: 11 }, () => randomUUID()) }, 400, /at most 10/],
      [{ ...ok, giveCash: 5_000 }, 402, /balance/],
      [{ ...ok, extra: true }, 400, /sent something/],
    ];
    const before = await snapshot();
    for (const [body, status, message] of cases) {
      const res = await propose(a.user, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json()).toMatchObject({
        message: expect.stringMatching(message),
        error: expect.any(String),
      });
    }
    expect(await snapshot()).toEqual(before);
    // A trade step on another's trade or an unknown one is 404.
    const trade = (await propose(a.user, ok)).json() as Trade;
    const mid = await snapshot();
    expect((await step(c.user, trade._id, 'accept')).statusCode).toBe(404);
    expect((await step(c.user, trade._id, 'decline')).statusCode).toBe(404);
    expect((await step(b.user, randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await step(a.user, trade._id, 'accept')).statusCode).toBe(403);
    expect(
      (await step(a.user, trade._id, 'counter', { give: [a.held[1]], get: [b.held[1]] }))
        .statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(mid);
  });

  it('accepting after a card moved is 409 with nothing written', async () => {
    const a = await collector(1);
    const b = await collector(2);
    const res = await propose(a.user, {
      to: b.user.username,
      give: a.held,
      giveCash: 10,
      get: b.held,
      getCash: 5,
    });
    const { _id } = res.json() as Trade;
    // B lists one of the asked cards and it sells to someone else.
    const listing = await list(b.user, b.held[1]!, 20);
    const buyer = await collector(0);
    const bought = await call(
      buyer.user,
      'POST',
      `/api/market/listings/${listing.json()._id}/buy`,
      {
        price: 20,
      },
    );
    expect(bought.statusCode).toBe(200);
    const before = await snapshot();
    const accepted = await step(b.user, _id, 'accept');
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toMatch(b.held[1]!);
    expect(await snapshot()).toEqual(before);
    // The proposer can still take it back, and gets everything.
    expect((await step(a.user, _id, 'withdraw')).statusCode).toBe(200);
    expect(await balanceOf(a.user.id)).toBe(100_000);
    expect((await stateOf(a.held[0]!)).state).toBe('in_vault');
    await expectCardsWhole();
  });

  it('a collector whose market access staff froze can neither propose nor accept', async () => {
    const a = await collector(1);
    const b = await collector(1);
    const { _id } = (
      await propose(a.user, { to: b.user.username, give: a.held, get: b.held })
    ).json();
    await db().insert(marketAccessFreezes).values({ userId: b.user.id, reason: 'Under review' });
    const before = await snapshot();
    expect((await step(b.user, _id, 'accept')).statusCode).toBe(403);
    expect(
      (await propose(b.user, { to: a.user.username, give: b.held, get: a.held })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Declining stays open to them: it only gives the proposer's things back.
    expect((await step(b.user, _id, 'decline')).statusCode).toBe(200);
  });

  it('a recipient short of the cash they are asked for gets 402 and nothing moves', async () => {
    const a = await collector(1);
    const b = await collector(1, 1_000);
    const { _id } = (
      await propose(a.user, { to: b.user.username, give: a.held, get: b.held, getCash: 20 })
    ).json() as Trade;
    const before = await snapshot();
    expect((await step(b.user, _id, 'accept')).statusCode).toBe(402);
    expect(await snapshot()).toEqual(before);
  });

  it('expires: the worker releases cards and cash, and the database refuses a late acceptance', async () => {
    const a = await collector(2);
    const b = await collector(1);
    const before = await money();
    const { _id } = (
      await propose(a.user, { to: b.user.username, give: a.held, giveCash: 30, get: b.held })
    ).json() as Trade;
    const late = (
      await propose(a.user, {
        to: b.user.username,
        give: [],
        giveCash: 1,
        get: b.held,
      })
    ).json() as Trade;
    await db()
      .update(marketTrades)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(inArray(marketTrades.id, [_id, late._id]));
    // Accepting late is refused by the code (409), and by the database if the code did not.
    expect((await step(b.user, _id, 'accept')).statusCode).toBe(409);
    await expect(
      db()
        .update(marketTrades)
        .set({ status: 'accepted', decidedAt: sql`now()` })
        .where(eq(marketTrades.id, _id)),
    ).rejects.toThrow();
    // The app's worker may get there first: either way both end, once.
    await t.app.services.trades.expireDue(50);
    const ended = await db()
      .select({ status: marketTrades.status })
      .from(marketTrades)
      .where(inArray(marketTrades.id, [_id, late._id]));
    expect(ended.map((e) => e.status)).toEqual(['expired', 'expired']);
    for (const h of a.held) expect((await stateOf(h)).state).toBe('in_vault');
    expect(await balanceOf(a.user.id)).toBe(100_000);
    expect(await money()).toEqual(before);
    // A second pass finds nothing to do and releases nothing twice.
    await t.app.services.trades.expireDue(50);
    expect(await money()).toEqual(before);
    await expectCardsWhole();
  });

  it('keeps money conserved and every card whole across a mix of trade actions', async () => {
    const people = [await collector(3), await collector(3), await collector(3)];
    const funded = await money();
    const fees0 = funded.fees;
    let fees = 0;
    for (let round = 0; round < 6; round++) {
      const p = people[round % 3]!;
      const r = people[(round + 1) % 3]!;
      const giveIds = (
        await db()
          .select({ id: holdings.id })
          .from(holdings)
          .where(and(eq(holdings.userId, p.user.id), eq(holdings.state, 'in_vault')))
      ).map((h) => h.id);
      const getIds = (
        await db()
          .select({ id: holdings.id })
          .from(holdings)
          .where(and(eq(holdings.userId, r.user.id), eq(holdings.state, 'in_vault')))
      ).map((h) => h.id);
      const res = await propose(p.user, {
        to: r.user.username,
        give: giveIds.slice(0, 1),
        giveCash: 10 + round,
        get: getIds.slice(0, 1),
        getCash: round,
      });
      expect(res.statusCode).toBe(201);
      const id = res.json()._id;
      const action = ['accept', 'decline', 'withdraw', 'counter', 'accept', 'expire'][round]!;
      if (action === 'accept') {
        expect((await step(r.user, id, 'accept')).statusCode).toBe(200);
        fees +=
          Math.floor(((10 + round) * 100 * FEE) / 100) + Math.floor((round * 100 * FEE) / 100);
      } else if (action === 'withdraw')
        expect((await step(p.user, id, action)).statusCode).toBe(200);
      else if (action === 'decline') expect((await step(r.user, id, action)).statusCode).toBe(200);
      else if (action === 'counter') {
        const c = await step(r.user, id, 'counter', {
          give: getIds.slice(0, 1),
          giveCash: 3,
          get: giveIds.slice(0, 1),
        });
        expect(c.statusCode).toBe(200);
        expect((await step(p.user, c.json()._id, 'decline')).statusCode).toBe(200);
      } else {
        await db()
          .update(marketTrades)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(marketTrades.id, id));
        await t.app.services.trades.expireDue(50);
      }
      const now = await money();
      expect(now.total).toBe(funded.total);
      expect(now.fees - fees0).toBe(fees);
      await expectCardsWhole();
    }
    // No balance went negative.
    const negative = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(wallets)
      .where(sql`${wallets.balanceCents} < 0`);
    expect(negative[0]!.n).toBe(0);
  });
});
