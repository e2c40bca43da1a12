import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { shippingFeeCents, type AdminBreak, type Holding } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { BREAKS_ON, buySpots, openBreak, staffCommand } from '../../../test/fixtures/breaks.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { holdings, shipments, walletLedger } from '../../db/schema/index.js';

/** Break hits in the vault (decision 025): held, shipped and sold back as holdings. */
describe(`break hits in the vault (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  let keys = 0;

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': `hits-vault-${++keys}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balanceOf = (who: TestUser) => t.app.services.wallet.balance(who.id);
  const hitsInVault = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/vault?state=all');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().holdings as Holding[]).filter((h) => h.source === 'break');
  };
  const written = async (who: TestUser) => {
    const [l] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, who.id));
    const [s] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(eq(shipments.userId, who.id));
    const states = await t.database.db
      .select({ state: holdings.state })
      .from(holdings)
      .where(eq(holdings.userId, who.id));
    return { ledger: l!.n, shipments: s!.n, states: states.map((h) => h.state).sort() };
  };

  /** A live break of two $10 spots, Ann's and Bob's, and the team each drew. */
  const liveBreak = async () => {
    const b = await openBreak(t, staff, { spots: 2, spotPrice: 10, unownedHitRule: 'house' });
    const ann = await createUser(t);
    const bob = await createUser(t);
    await fund(t.database, ann.id, 10_000);
    await fund(t.database, bob.id, 10_000);
    expect((await buySpots(t, ann, b._id)).statusCode).toBe(201);
    expect((await buySpots(t, bob, b._id)).statusCode).toBe(201);
    const started = (await staffCommand(t, staff, b._id, 'start')).break;
    const teamOf = (who: TestUser) => started.spots.find((s) => s.username === who.username)!.team!;
    const addHit = async (who: TestUser, payload: Record<string, unknown>) => {
      const res = await call(staff, 'POST', `/api/admin/breaks/${b._id}/hits`, {
        team: teamOf(who),
        ...payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().break as AdminBreak).hits.at(-1)!;
    };
    return { b: started, ann, bob, addHit };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it("puts a hit in its owner's vault when staff enter it: cost the spot, value the buyback", async () => {
    const { b, ann, bob, addHit } = await liveBreak();
    await addHit(ann, { cardName: 'Rookie Auto', detail: 'Gold /50', buybackPrice: 120 });
    await addHit(ann, { cardName: 'Base Refractor', detail: '' });
    await addHit(bob, { cardName: 'Numbered Parallel', detail: 'PSA 10' });

    const anns = await hitsInVault(ann);
    expect(anns.map((h) => h.card.name).sort()).toEqual(['Base Refractor', 'Rookie Auto']);
    const auto = anns.find((h) => h.card.name === 'Rookie Auto')!;
    expect(auto).toMatchObject({
      state: 'in_vault',
      sourceId: b._id,
      sourceLabel: `Hit #1 of ${b.title}`,
      card: { grade: 'Gold /50', grader: null, certUrl: null, sport: b.sport },
      cost: 10,
      fmv: 120,
      fmvSource: 'Buyback price',
      gain: 110,
    });
    expect(anns.find((h) => h.card.name === 'Base Refractor')).toMatchObject({
      sourceLabel: `Hit #2 of ${b.title}`,
      cost: 10,
      fmv: 10,
      fmvSource: 'Spot price',
      gain: 0,
    });
    expect((await hitsInVault(bob)).map((h) => h.card.name)).toEqual(['Numbered Parallel']);
    // The vault's totals count the hits at their value.
    const totals = (await call(ann, 'GET', '/api/vault')).json().totals;
    expect(totals).toMatchObject({ cards: 2, value: 130, cost: 20, gain: 110 });
  });

  it('ships a hit from the vault for the fee, in the staff queue with its packing slip; never twice', async () => {
    const { b, ann, addHit } = await liveBreak();
    await addHit(ann, { cardName: 'Rookie Auto', detail: 'Gold /50', buybackPrice: 120 });
    await staffCommand(t, staff, b._id, 'complete');
    const [hit] = await hitsInVault(ann);
    const before = await balanceOf(ann);
    const fee = shippingFeeCents(1, 12_000);
    expect(fee).toBeGreaterThan(0);

    const shipped = await call(ann, 'POST', '/api/vault/shipments', { holdingIds: [hit!._id] });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json().shipment).toMatchObject({
      fee: fee / 100,
      insuredValue: 120,
      cards: [{ name: 'Rookie Auto', grade: 'Gold /50' }],
    });
    expect(await balanceOf(ann)).toBe(before - fee);
    const box = shipped.json().shipment._id as string;
    const queue = (await call(staff, 'GET', '/api/admin/shipments')).json().shipments as {
      _id: string;
      sourceType: string;
      cards?: { name: string; grade: string; certNumber: string | null }[];
    }[];
    expect(queue.find((s) => s._id === box)).toMatchObject({
      sourceType: 'vault',
      cards: [{ name: 'Rookie Auto', grade: 'Gold /50', certNumber: null }],
    });
    // The break page shows the hit claimed, in that box.
    const mine = (await call(ann, 'GET', '/api/breaks/mine')).json().breaks[0];
    expect(mine).toMatchObject({
      hits: [{ status: 'claimed' }],
      shipment: { _id: box },
      canClaim: false,
    });

    const again = await call(ann, 'POST', '/api/vault/shipments', { holdingIds: [hit!._id] });
    expect(again.statusCode).toBe(409);
    const sent = await call(staff, 'POST', `/api/admin/shipments/${box}/ship`, {
      carrier: 'USPS',
      trackingNumber: '9400HIT0001',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const settled = await written(ann);
    const twice = await call(ann, 'POST', '/api/vault/shipments', { holdingIds: [hit!._id] });
    expect(twice.statusCode).toBe(409);
    const claim = await call(ann, 'POST', `/api/breaks/${b._id}/claim`, {});
    expect(claim.statusCode).toBe(409);
    const soldBack = await call(ann, 'POST', `/api/break-hits/${hit!.sourceId}/sell-back`);
    expect(soldBack.statusCode).toBe(404);
    const hitId = (await call(ann, 'GET', '/api/breaks/mine')).json().breaks[0].hits[0]._id;
    const sellShipped = await call(ann, 'POST', `/api/break-hits/${hitId}/sell-back`);
    expect(sellShipped.statusCode).toBe(409);
    expect(await written(ann)).toEqual(settled);
    expect(settled.states).toEqual(['shipped']);
    expect((await hitsInVault(ann))[0]!.state).toBe('shipped');
  });

  it('claims the hits of a break as one vault ship request that names its fee', async () => {
    const { b, ann, addHit } = await liveBreak();
    await addHit(ann, { cardName: 'Rookie Auto', detail: 'Gold /50' });
    await addHit(ann, { cardName: 'Base Refractor', detail: '' });
    await staffCommand(t, staff, b._id, 'complete');
    const before = await balanceOf(ann);
    const fee = shippingFeeCents(2, 2_000);
    const quoted = (await call(ann, 'GET', '/api/breaks/mine')).json().breaks[0];
    expect(quoted).toMatchObject({ canClaim: true, claimFee: fee / 100 });

    const claim = await call(ann, 'POST', `/api/breaks/${b._id}/claim`, {});
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({
      fee: fee / 100,
      balance: (before - fee) / 100,
      break: { hits: [{ status: 'claimed' }, { status: 'claimed' }], canClaim: false },
    });
    expect(await balanceOf(ann)).toBe(before - fee);
    const states = (await hitsInVault(ann)).map((h) => [h.state, h.shipmentId]);
    expect(states).toEqual([
      ['ship_requested', claim.json().break.shipment._id],
      ['ship_requested', claim.json().break.shipment._id],
    ]);
    const again = await call(ann, 'POST', `/api/breaks/${b._id}/claim`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your hits of this break are already claimed.');
  });

  it("answers 404 for another collector's hit and writes nothing", async () => {
    const { b, ann, bob, addHit } = await liveBreak();
    await addHit(bob, { cardName: 'Numbered Parallel', detail: 'PSA 10', buybackPrice: 50 });
    await addHit(ann, { cardName: 'Base Refractor', detail: '' });
    await staffCommand(t, staff, b._id, 'complete');
    const [bobs] = await hitsInVault(bob);
    const [anns] = await hitsInVault(ann);
    const annBefore = await written(ann);
    const bobBefore = await written(bob);
    for (const ids of [[bobs!._id], [anns!._id, bobs!._id]]) {
      const res = await call(ann, 'POST', '/api/vault/shipments', { holdingIds: ids });
      expect(res.statusCode).toBe(404);
    }
    const bobHitId = (await call(bob, 'GET', '/api/breaks/mine')).json().breaks[0].hits[0]._id;
    const sell = await call(ann, 'POST', `/api/break-hits/${bobHitId}/sell-back`);
    expect(sell.statusCode).toBe(404);
    expect(await written(ann)).toEqual(annBefore);
    expect(await written(bob)).toEqual(bobBefore);
    expect(bobBefore.states).toEqual(['in_vault']);
  });
});
