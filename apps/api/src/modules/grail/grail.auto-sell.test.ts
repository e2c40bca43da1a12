import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PackPurchaseResponse, Pull } from '@grail/contract';
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
  cards,
  holdings,
  notifications,
  pulls,
  wallets,
  walletLedger,
} from '../../db/schema/index.js';
import { SeedVault } from './fairness.js';

/*
 * The auto-sell rule (decision 031). The test cases' cards have FMVs $5.00, $42.00, $79.00, …
 * (fixtures/grail.ts), so a case of n cards bought whole gives exactly those pulls.
 */

let t: TestApp;
let key = 0;
const nextKey = () => `auto-sell-${Date.now()}-${++key}`;
const START = 100_000;

function buyPacks(
  user: TestUser,
  caseId: string,
  payload: Record<string, unknown>,
  idempotencyKey = nextKey(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/pack-purchases`,
    headers: { ...user.headers, 'idempotency-key': idempotencyKey },
    payload,
  });
}

const setRule = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/pulls/auto-sell', headers: user.headers, payload });
const getRule = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/pulls/auto-sell', headers: user.headers });

const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents ??
  0;
const ledgerOf = (userId: string) =>
  t.database.db.select().from(walletLedger).where(eq(walletLedger.userId, userId));

/** Everything a purchase writes that a refused or repeated one must leave alone. */
async function footprint(userId: string, caseId: string) {
  const db = t.database.db;
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  return {
    balance: await balanceOf(userId),
    ledger: (await ledgerOf(userId)).length,
    pulls: (await db.select().from(pulls).where(eq(pulls.caseId, caseId))).length,
    soldBack: await count(
      sql`select count(*)::int n from pulls where case_id = ${caseId} and sold_back_at is not null`,
    ),
    available: await count(
      sql`select count(*)::int n from cards c join case_cards cc on cc.card_id = c.id
        where cc.case_id = ${caseId} and c.status = 'available'`,
    ),
    keys: await count(sql`select count(*)::int n from idempotency_keys where user_id = ${userId}`),
  };
}

async function funded() {
  const user = await createUser(t);
  await fund(t.database, user.id, START);
  return user;
}

describe(`the auto-sell rule (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  beforeEach(() => closeOpenCases(t.database, t.app.services.grailAdmin));

  it('sells back every pull below the threshold in the purchase, with the ledger entries and card state of a sell-back', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
      packPrice: 25,
    });
    const user = await funded();
    // $5.00 is below $42.00 and sold; $42.00 is exactly at it and kept ("below" is strict).
    const res = await buyPacks(user, caseId, { packs: 3, autoSellBelow: 42 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PackPurchaseResponse>();
    expect(body.autoSell).toEqual({ below: 42, soldBack: 1, credited: 4.25 });
    expect(body.paid).toBe(75);
    const byFmv = new Map(body.pulls.map((p) => [p.card.fmv, p]));
    const sold = byFmv.get(5)!;
    expect(sold).toMatchObject({
      status: 'sold_back',
      autoSold: true,
      soldBackFor: 4.25,
      sellBack: null,
    });
    for (const fmv of [42, 79]) {
      expect(byFmv.get(fmv)).toMatchObject({
        status: 'revealed',
        autoSold: false,
        soldBackFor: null,
      });
    }

    // The ledger: one debit of 3 × the price, and for the sold pull the sell-back's credit.
    const ledger = await ledgerOf(user.id);
    const credits = ledger.filter((l) => l.kind === 'buyback');
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      amountCents: 425,
      refType: 'pull',
      refId: sold._id,
      description: `Sell-back of pull #${sold.k} at 85% of FMV`,
    });
    expect(ledger.filter((l) => l.kind === 'pack').map((l) => l.amountCents)).toEqual([-7_500]);

    // A manual sell-back of another pull writes the same kind of entry, by the same rule.
    const kept = byFmv.get(42)!;
    const manual = await t.app.inject({
      method: 'POST',
      url: `/api/pulls/${kept._id}/sell-back`,
      headers: user.headers,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const manualEntry = (await ledgerOf(user.id)).find((l) => l.refId === kept._id)!;
    const shape = (l: typeof manualEntry) => ({
      kind: l.kind,
      refType: l.refType,
      storeCreditCents: l.storeCreditCents,
      refundOf: l.refundOf,
      description: l.description.replace(/#\d+/, '#k'),
    });
    expect(shape(credits[0]!)).toEqual(shape(manualEntry));
    expect(manualEntry.amountCents).toBe(Math.floor((4_200 * 85) / 100));

    // Money is conserved: the wallet is its ledger, and moved by exactly the debit and credits.
    expect(await balanceOf(user.id)).toBe(START - 7_500 + 425 + 3_570);
    expect((await purchaseInvariants(t.database, caseId)).walletsOff).toBe(0);

    // The sold card went back as a sell-back returns it: holding sold back, card in inventory.
    const [soldPull] = await t.database.db.select().from(pulls).where(eq(pulls.id, sold._id));
    expect(soldPull).toMatchObject({ buybackCents: 425, autoSold: true });
    expect(soldPull!.soldBackAt).not.toBeNull();
    const [holding] = await t.database.db
      .select()
      .from(holdings)
      .where(and(eq(holdings.source, 'pull'), eq(holdings.sourceId, sold._id)));
    expect(holding!.state).toBe('sold_back');
    const [card] = await t.database.db.select().from(cards).where(eq(cards.id, sold.card._id));
    expect(card!.status).toBe('available');
    const [inCase] = await t.database.db
      .select()
      .from(caseCards)
      .where(eq(caseCards.cardId, sold.card._id));
    expect(inCase!.pulled).toBe(true);

    // It cannot be sold twice, and it still shows (sold back, automatically) in "my pulls".
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/pulls/${sold._id}/sell-back`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This pull was sold back.');
    const mine = (await t.app.inject({ url: '/api/pulls', headers: user.headers })).json<{
      pulls: Pull[];
    }>();
    expect(mine.pulls.find((p) => p._id === sold._id)).toMatchObject({
      status: 'sold_back',
      autoSold: true,
      proof: sold.proof,
    });
  });

  it('tells the collector once per purchase what the rule sold back, not once per pull', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
      packPrice: 25,
    });
    const user = await funded();
    const res = await buyPacks(user, caseId, { packs: 3, autoSellBelow: 80 });
    expect(res.json<PackPurchaseResponse>().autoSell).toMatchObject({ soldBack: 3 });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(told.filter((n) => n.kind === 'pull.sold_back')).toEqual([]);
    expect(told.filter((n) => n.kind === 'pull.auto_sold').map((n) => [n.title, n.body])).toEqual([
      [
        'Auto-sell sold back 3 pulls for $107.10',
        'Your rule sells back at once every pull whose FMV is below $80.00; $107.10 is in your wallet.',
      ],
    ]);
  });

  it('leaves the draw alone: every pull, auto-sold or not, recomputes by the fairness rule', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 12 });
    const user = await funded();
    const res = await buyPacks(user, caseId, { packs: 10, autoSellBelow: 300 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PackPurchaseResponse>();
    expect(body.pulls.map((p) => p.k)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const below = body.pulls.filter((p) => p.card.fmv < 300);
    expect(body.pulls.filter((p) => p.autoSold)).toEqual(below);
    const credited = below.reduce((s, p) => s + Math.floor(Math.round(p.card.fmv * 100) * 0.85), 0);
    expect(Math.round(body.autoSell!.credited * 100)).toBe(credited);
    const vault = new SeedVault(t.config.APP_SECRET!);
    expect(await redrawnMismatches(t.database, vault, caseId)).toEqual([]);
    const fairness = (await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` })).json<{
      pulls: { k: number }[];
    }>();
    expect(fairness.pulls).toHaveLength(10);
  });

  it('applies to a single pack, which then answers with the rule and is still one pull', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 2 });
    const user = await funded();
    const k = nextKey();
    const res = await buyPacks(user, caseId, { packs: 1, autoSellBelow: 10 }, k);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PackPurchaseResponse>();
    expect(body.pulls).toHaveLength(1);
    const [pull] = body.pulls;
    const sold = pull!.card.fmv < 10;
    expect(pull).toMatchObject({ autoSold: sold, status: sold ? 'sold_back' : 'revealed' });
    expect(body.autoSell).toEqual({
      below: 10,
      soldBack: sold ? 1 : 0,
      credited: sold ? 4.25 : 0,
    });
    expect(await balanceOf(user.id)).toBe(START - 2_500 + (sold ? 425 : 0));
    // The same key on the single pack's own endpoint is the same key with another request.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...user.headers, 'idempotency-key': k },
      payload: {},
    });
    expect(other.statusCode).toBe(422);
  });

  it('keeps a single pack without a rule on the single pack path', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 2 });
    const user = await funded();
    const res = await buyPacks(user, caseId, { packs: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PackPurchaseResponse>();
    expect(body.autoSell).toBeNull();
    expect(body.pulls[0]).toMatchObject({ status: 'revealed', autoSold: false });
    // The single pack's path writes its debit against the pull (decision 017); several, the purchase.
    const [debit] = (await ledgerOf(user.id)).filter((l) => l.kind === 'pack');
    expect(debit).toMatchObject({ refType: 'pull', refId: body.pulls[0]!._id });
  });

  it('answers a replay with the first answer and writes nothing; another threshold is 422', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 6 });
    const user = await funded();
    const k = nextKey();
    const first = await buyPacks(user, caseId, { packs: 3, autoSellBelow: 100 }, k);
    expect(first.statusCode, first.body).toBe(201);
    const before = await footprint(user.id, caseId);
    const replay = await buyPacks(user, caseId, { packs: 3, autoSellBelow: 100 }, k);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const changed = await buyPacks(user, caseId, { packs: 3, autoSellBelow: 50 }, k);
    expect(changed.statusCode).toBe(422);
    const none = await buyPacks(user, caseId, { packs: 3 }, k);
    expect(none.statusCode).toBe(422);
    expect(await footprint(user.id, caseId)).toEqual(before);
  });

  it('remembers the rule per collector, changes it and turns it off', async () => {
    const user = await funded();
    const other = await funded();
    expect((await getRule(user)).json()).toEqual({ below: null });
    const set = await setRule(user, { below: 42.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ below: 42.5 });
    expect((await getRule(user)).json()).toEqual({ below: 42.5 });
    expect((await getRule(other)).json()).toEqual({ below: null });
    expect((await setRule(user, { below: 10_000_000 })).json()).toEqual({ below: 10_000_000 });
    expect((await setRule(user, { below: null })).json()).toEqual({ below: null });
    expect((await getRule(user)).json()).toEqual({ below: null });
    expect((await t.app.inject({ url: '/api/pulls/auto-sell' })).statusCode).toBe(401);
  });

  it('refuses a threshold that is not $0.01 to $10,000,000 in cents with a 400, writing nothing', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    const user = await funded();
    await setRule(user, { below: 20 });
    const cases: [unknown, string][] = [
      [0, 'must be at least $0.01'],
      [-5, 'must be at least $0.01'],
      [10_000_000.01, 'must be at most $10,000,000'],
      [1.234, 'must have at most 2 decimals'],
      ['12', 'must be a number of dollars'],
    ];
    const before = await footprint(user.id, caseId);
    for (const [below, message] of cases) {
      const rule = await setRule(user, { below });
      expect(rule.statusCode, String(below)).toBe(400);
      expect(rule.json().message).toContain(message);
      const buy = await buyPacks(user, caseId, { packs: 3, autoSellBelow: below });
      expect(buy.statusCode, String(below)).toBe(400);
      expect(buy.json().message).toContain(message);
      expect(buy.json().message).toContain('autoSellBelow');
    }
    expect(await footprint(user.id, caseId)).toEqual(before);
    expect((await getRule(user)).json()).toEqual({ below: 20 });
  });
});
