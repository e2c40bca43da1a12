import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type {
  ActiveCaseResponse,
  CaseChecklistResponse,
  FairnessResponse,
  PackPurchaseResponse,
} from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  closeOpenCases,
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  caseCards,
  grailCases,
  holdings,
  pulls,
  wallets,
  walletLedger,
} from '../../db/schema/index.js';
import { SeedVault } from './fairness.js';

let t: TestApp;
let key = 0;
const nextKey = () => `several-${Date.now()}-${++key}`;

function buyPacks(user: TestUser, caseId: string, packs: number, idempotencyKey = nextKey()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/pack-purchases`,
    headers: { ...user.headers, 'idempotency-key': idempotencyKey },
    payload: { packs },
  });
}

const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents ??
  0;

/** What a purchase may change: the buyer's wallet and ledger, the case's pulls and cards. */
async function footprint(userId: string, caseId: string) {
  const db = t.database.db;
  const [c] = await db.select().from(grailCases).where(eq(grailCases.id, caseId));
  return {
    balance: await balanceOf(userId),
    ledger: (await db.select().from(walletLedger).where(eq(walletLedger.userId, userId))).length,
    pulls: (await db.select().from(pulls).where(eq(pulls.caseId, caseId))).length,
    pulled: (
      await db
        .select()
        .from(caseCards)
        .where(and(eq(caseCards.caseId, caseId), eq(caseCards.pulled, true)))
    ).length,
    pullsCount: c!.pullsCount,
    keys: (
      (await db.execute(
        sql`select count(*)::int n from idempotency_keys where user_id = ${userId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  };
}

async function funded(cents = 100_000) {
  const user = await createUser(t);
  await fund(t.database, user.id, cents);
  return user;
}

/** The fairness rule of docs/fairness.md, written again here from the text. */
function drawIndexByTheRule(seed: Buffer, clientSeed: string, k: number, remaining: number) {
  const limit = Math.floor(2 ** 32 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${k}` : `${clientSeed}:${k}:${round}`;
    const bytes = createHmac('sha256', seed).update(message).digest();
    for (let i = 0; i < bytes.length; i += 4) {
      const w = bytes.readUInt32BE(i);
      if (w < limit) return w % remaining;
    }
  }
}

describe(`several packs in one purchase (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('debits n × the price once, draws n pulls with consecutive pull numbers, and n cards leave the case', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 20,
      packPrice: 25,
    });
    const user = await funded();
    const res = await buyPacks(user, caseId, 5);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PackPurchaseResponse>();
    expect(body.pulls.map((p) => p.k)).toEqual([1, 2, 3, 4, 5]);
    expect(body.paid).toBe(125);
    const fmvCents = body.pulls.reduce((sum, p) => sum + Math.round(p.card.fmv * 100), 0);
    expect(Math.round(body.totalFmv * 100)).toBe(fmvCents);
    expect(new Set(body.pulls.map((p) => p.card._id)).size).toBe(5);
    for (const p of body.pulls) expect(p).toMatchObject({ status: 'revealed', price: 25 });

    expect(await balanceOf(user.id)).toBe(100_000 - 5 * 2500);
    const debits = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, user.id), eq(walletLedger.kind, 'pack')));
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amountCents: -12_500, refType: 'pack_purchase' });
    expect(debits[0]!.refId.split(',')).toEqual(body.pulls.map((p) => p._id));

    const after = await footprint(user.id, caseId);
    expect(after).toMatchObject({ pulls: 5, pulled: 5, pullsCount: 5 });
    const held = await t.database.db
      .select()
      .from(holdings)
      .where(and(eq(holdings.userId, user.id), eq(holdings.state, 'in_vault')));
    expect(held).toHaveLength(5);
    const active = (await t.app.inject({ url: '/api/grail-cases/active' })).json();
    expect(active.remaining).toBe(15);
    // Each pull is drawn by the rule, in order, wherever it sits among the others.
    const vault = new SeedVault(t.config.APP_SECRET!);
    expect(await redrawnMismatches(t.database, vault, caseId)).toEqual([]);
  });

  it('answers the same key once: the same answer again, one debit, one set of pulls', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 12 });
    const user = await funded();
    const k = nextKey();
    const [first, second] = await Promise.all([
      buyPacks(user, caseId, 3, k),
      buyPacks(user, caseId, 3, k),
    ]);
    const third = await buyPacks(user, caseId, 3, k);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    const replays = [first, second, third].map((r) => r.headers['idempotent-replayed']);
    expect(replays.filter((h) => h === 'true')).toHaveLength(2);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await footprint(user.id, caseId)).toMatchObject({
      balance: 100_000 - 3 * 2500,
      pulls: 3,
      pullsCount: 3,
      keys: 1,
    });
    // The same key for another number of packs is another request.
    expect((await buyPacks(user, caseId, 5, k)).statusCode).toBe(422);
  });

  it('sells several packs and single packs of one case at once, to the same and other buyers, by the rule', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 40 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => funded()));
    const answers = await Promise.all(
      buyers.flatMap((buyer) => [
        buyPacks(buyer, caseId, 3),
        buyPacks(buyer, caseId, 1),
        buyPacks(buyer, caseId, 1),
      ]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const ks = answers.flatMap((a) => a.json<PackPurchaseResponse>().pulls.map((p) => p.k));
    expect(ks.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const buyer of buyers) expect(await balanceOf(buyer.id)).toBe(100_000 - 5 * 2500);
    const invariants = await purchaseInvariants(t.database, caseId);
    expect(invariants).toMatchObject({
      pulls: { n: 30, cards: 30, ks: 30, maxk: 30 },
      walletsOff: 0,
      cardsNotPulled: 0,
      counter: { pulls_count: 30, status: 'active' },
    });
    const vault = new SeedVault(t.config.APP_SECRET!);
    expect(await redrawnMismatches(t.database, vault, caseId)).toEqual([]);
  });

  it('buys several packs in one round trip beside single packs, and answers a repeat from what it stored', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 30 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => funded()));
    const own = vi.spyOn(
      (t.app.services.grail as unknown as { severalPacks: { buyIn: () => unknown } }).severalPacks,
      'buyIn',
    );
    const k = nextKey();
    let answers;
    try {
      answers = await Promise.all([
        buyPacks(buyers[0]!, caseId, 5, k),
        buyPacks(buyers[1]!, caseId, 1),
        buyPacks(buyers[2]!, caseId, 3),
        buyPacks(buyers[3]!, caseId, 10),
      ]);
      // Every purchase went through the single pack's groups, none through a transaction of its own.
      expect(own).not.toHaveBeenCalled();
    } finally {
      own.mockRestore();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const bodies = answers.map((a) => a.json<PackPurchaseResponse>());
    expect(bodies.map((b) => b.pulls.length)).toEqual([5, 1, 3, 10]);
    // Each purchase's pulls are consecutive, whichever order the group drew them in.
    for (const { pulls: drawn } of bodies) {
      expect(drawn.map((p) => p.k)).toEqual(drawn.map((_, i) => drawn[0]!.k + i));
    }
    expect(bodies[0]).toMatchObject({ paid: 125, autoSell: null });
    const debits = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, buyers[0]!.id), eq(walletLedger.kind, 'pack')));
    expect(debits.map((d) => [d.amountCents, d.refType, d.refId])).toEqual([
      [-12_500, 'pack_purchase', bodies[0]!.pulls.map((p) => p._id).join(',')],
    ]);
    for (const [i, packs] of [5, 1, 3, 10].entries()) {
      expect(await balanceOf(buyers[i]!.id)).toBe(100_000 - packs * 2500);
    }

    // The repeat is answered by the transaction's path, from the packs' receipts the key holds.
    const before = await footprint(buyers[0]!.id, caseId);
    const repeat = await buyPacks(buyers[0]!, caseId, 5, k);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(bodies[0]);
    expect((await buyPacks(buyers[0]!, caseId, 3, k)).statusCode).toBe(422);
    expect(await footprint(buyers[0]!.id, caseId)).toEqual(before);
    const vault = new SeedVault(t.config.APP_SECRET!);
    expect(await redrawnMismatches(t.database, vault, caseId)).toEqual([]);
  });

  it('refuses more packs than cards left with 409 saying how many remain, writing nothing', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    const user = await funded();
    expect((await buyPacks(user, caseId, 3)).statusCode).toBe(201);
    const before = await footprint(user.id, caseId);
    const k = nextKey();
    const refused = await buyPacks(user, caseId, 3, k);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Only 1 card is left in this case.',
      error: 'Conflict',
    });
    expect(await footprint(user.id, caseId)).toEqual(before);
    // Nothing was kept with the key either: a later attempt with it is decided afresh.
    expect((await buyPacks(user, caseId, 3, k)).statusCode).toBe(409);

    await closeOpenCases(t.database, t.app.services.grailAdmin);
    const { caseId: other } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 7,
    });
    const few = await buyPacks(user, other, 10);
    expect(few.json()).toMatchObject({ message: 'Only 7 cards are left in this case.' });
  });

  it('answers 402 with nothing written when the balance is short of the whole amount', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 12 });
    const user = await funded(7_000);
    const before = await footprint(user.id, caseId);
    const short = await buyPacks(user, caseId, 3);
    expect(short.statusCode).toBe(402);
    expect(short.json().message).toBe('Not enough balance: add $5.00 to continue.');
    expect(await footprint(user.id, caseId)).toEqual(before);
  });

  it('counts the whole amount against a spending limit', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 12 });
    const user = await funded();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/limits/spending',
      headers: user.headers,
      payload: { '24h': 100 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const before = await footprint(user.id, caseId);
    // 5 × $25 = $125 passes a $100 limit although one pack ($25) would not.
    const refused = await buyPacks(user, caseId, 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ limit: 'spending', remaining: 100 });
    expect(await footprint(user.id, caseId)).toEqual(before);
    expect((await buyPacks(user, caseId, 3)).statusCode).toBe(201);
    // $75 spent: 3 more packs ($75) would pass it, 1 ($25) would not.
    expect((await buyPacks(user, caseId, 3)).json()).toMatchObject({ remaining: 25 });
    expect((await buyPacks(user, caseId, 1)).statusCode).toBe(201);
  });

  it('buys one pack through the single pack path, with the same answer', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 6 });
    const user = await funded();
    const res = await buyPacks(user, caseId, 1);
    expect(res.statusCode).toBe(201);
    const {
      pulls: [pull],
      paid,
    } = res.json<PackPurchaseResponse>();
    expect(paid).toBe(25);
    const single = await t.app.inject({ url: `/api/pulls/${pull!._id}`, headers: user.headers });
    expect(single.json().pull).toMatchObject({ _id: pull!._id, k: 1, proof: pull!.proof });
    expect((await buyPacks(user, caseId, 4)).statusCode).toBe(400);
  });

  it('leaves every pull recomputable on its own from the revealed seed (the fairness page)', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 14 });
    const a = await funded();
    const b = await funded();
    // Single packs (decision 018's path) before and after: its copy of the case follows.
    expect((await buyPacks(b, caseId, 1)).statusCode).toBe(201);
    expect((await buyPacks(a, caseId, 10)).statusCode).toBe(201);
    expect((await buyPacks(a, caseId, 1)).statusCode).toBe(201);
    expect((await buyPacks(b, caseId, 3)).statusCode).toBe(409);
    expect((await buyPacks(b, caseId, 1)).statusCode).toBe(201);
    expect((await buyPacks(b, caseId, 1)).statusCode).toBe(201);
    const fairness = (
      await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` })
    ).json<FairnessResponse>();
    expect(fairness.status).toBe('sold_out');
    const seed = Buffer.from(fairness.serverSeed!, 'hex');
    expect(createHash('sha256').update(seed).digest('hex')).toBe(fairness.serverSeedHash);
    expect(fairness.pulls.map((p) => p.k)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    let left = [...fairness.contents].sort((x, y) => x.position - y.position);
    for (const p of fairness.pulls) {
      expect(p.remainingBefore).toBe(left.length);
      const index = drawIndexByTheRule(seed, p.clientSeed, p.k, left.length);
      expect(p.index).toBe(index);
      expect(left[index]).toMatchObject({ position: p.position, cardId: p.cardId });
      left = left.filter((_, i) => i !== index);
    }
  });

  it('gives value figures that the checklist recomputes', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 15,
      packPrice: 150,
    });
    const user = await funded(1_000_000);
    expect((await buyPacks(user, caseId, 5)).statusCode).toBe(201);
    const active = (
      await t.app.inject({ url: '/api/grail-cases/active' })
    ).json<ActiveCaseResponse>();
    const checklist = (
      await t.app.inject({ url: `/api/grail-cases/${caseId}/checklist` })
    ).json<CaseChecklistResponse>();
    const fmvs = checklist.tiers
      .flatMap((tier) => tier.cards)
      .filter((card) => !card.pulled)
      .map((card) => Math.round(card.fmv * 100))
      .sort((x, y) => x - y);
    expect(fmvs).toHaveLength(10);
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const above = fmvs.filter((fmv) => fmv > 15_000).length;
    expect(above).toBeGreaterThan(0);
    expect(above).toBeLessThan(10);
    expect(active).toMatchObject({
      floorValue: fmvs[0]! / 100,
      expectedValue: Math.round(mean(fmvs)) / 100,
      expectedSellBackValue:
        Math.round(mean(fmvs.map((fmv) => Math.floor((fmv * active.buybackPercent) / 100)))) / 100,
      medianValue: Math.round((fmvs[4]! + fmvs[5]!) / 2) / 100,
      cardsAbovePrice: above,
      chanceAbovePrice: above * 10,
    });
  });
});
