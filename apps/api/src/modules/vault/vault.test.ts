import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Holding, VaultShipment } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { lastMailTo } from '../../../test/fixtures/auth.js';
import { insertCard, type CardSeed } from '../../../test/fixtures/catalog.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  auditLog,
  holdings,
  shipments,
  users,
  walletLedger,
  wallets,
} from '../../db/schema/index.js';
import { snapshotVaults } from './vault-snapshots.service.js';

describe(`the vault (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let keys = 0;

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': `vault-key-${++keys}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balanceOf = async (userId: string) => {
    const [w] = await t.database.db
      .select({ b: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return w?.b ?? 0;
  };
  const counts = async (userId: string) => {
    const [l] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    const [s] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(eq(shipments.userId, userId));
    const states = await t.database.db
      .select({ state: holdings.state })
      .from(holdings)
      .where(eq(holdings.userId, userId));
    return { ledger: l!.n, shipments: s!.n, states: states.map((h) => h.state).sort() };
  };
  /** Buys these store cards for `who`, kept in the vault (or shipped), and answers the order. */
  const buy = async (who: TestUser, seeds: CardSeed[], delivery: 'vault' | 'ship' = 'vault') => {
    const cards = [];
    for (const seed of seeds) cards.push(await insertCard(t.database.db, seed));
    const res = await call(who, 'POST', '/api/orders', {
      items: cards.map((c) => c.id),
      delivery,
    });
    expect(res.statusCode).toBe(201);
    return { order: res.json().order, cards };
  };
  const vaultOf = async (who: TestUser, query = '') => {
    const res = await call(who, 'GET', `/api/vault${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { holdings: Holding[]; total: number; totals: Record<string, number> };
  };
  /** A funded collector whose vault holds two store cards: $100 FMV bought at $120, $50 at $40. */
  const collector = async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 100_000);
    const { order, cards } = await buy(user, [
      { fmvCents: 10_000, storePriceCents: 12_000, sport: 'Baseball' },
      {
        fmvCents: 5_000,
        storePriceCents: 4_000,
        sport: 'Hockey',
        grader: null,
        grade: null,
        gradeValue: null,
        certNumber: null,
        name: `Raw Rookie ${keys}`,
      },
    ]);
    const { holdings: held } = await vaultOf(user);
    return { user, order, cards, held };
  };
  const ship = (who: TestUser, holdingIds: string[], extra: object = {}) =>
    call(who, 'POST', '/api/vault/shipments', { holdingIds, ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('keeps a store order in the vault: no address, no fee, no box', async () => {
    const { order, held } = await collector();
    expect(order).toMatchObject({
      delivery: 'vault',
      total: 160,
      shippingFee: 0,
      shippingAddress: null,
      shipBy: null,
      shipment: null,
      status: 'paid',
    });
    expect(held).toHaveLength(2);
    expect(held.every((h) => h.state === 'in_vault' && h.sourceLabel === 'Store order')).toBe(true);
    expect(held.every((h) => h.sellBack === null && h.shipmentId === null)).toBe(true);
  });

  it('lists with filters and sorts, and totals the whole vault whatever the filters', async () => {
    const { user, cards } = await collector();
    const all = await vaultOf(user, '?sort=value_asc');
    expect(all.holdings.map((h) => h.fmv)).toEqual([50, 100]);
    expect(all.totals).toEqual({ cards: 2, value: 150, cost: 160, gain: -10 });
    const graded = all.holdings[1]!;
    expect(graded).toMatchObject({
      cost: 120,
      gain: -20,
      fmvSource: 'Recent sales',
      card: { grade: 'PSA 10', sport: 'Baseball' },
    });
    const hockey = await vaultOf(user, '?sport=Hockey');
    expect(hockey.holdings.map((h) => h.card._id)).toEqual([cards[1]!.id]);
    expect(hockey.total).toBe(1);
    expect(hockey.totals).toEqual(all.totals);
    expect((await vaultOf(user, '?grader=raw')).holdings.map((h) => h.card.grade)).toEqual(['Raw']);
    expect((await vaultOf(user, '?q=raw%20rookie')).total).toBe(1);
    expect((await vaultOf(user, '?state=shipped')).total).toBe(0);
    expect((await vaultOf(user, '?sort=gain_desc')).holdings.map((h) => h.gain)).toEqual([10, -20]);
    const bad = await call(user, 'GET', '/api/vault?sort=cheapest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'sort' });
  });

  it('ships cards in one box: the fee from the schedule is debited, the cards leave the vault', async () => {
    const { user, held, cards } = await collector();
    const before = await balanceOf(user.id);
    const res = await ship(
      user,
      held.map((h) => h._id),
    );
    expect(res.statusCode).toBe(201);
    const { shipment, balance } = res.json() as { shipment: VaultShipment; balance: number };
    // $5.00 for the first card and $1.00 for the second: $150 of FMV is under the free threshold.
    expect(shipment).toMatchObject({
      status: 'pending',
      fee: 6,
      insuredValue: 150,
      cancellable: true,
      address: TEST_ADDRESS,
    });
    expect(shipment.cards).toHaveLength(2);
    expect(balance).toBe((before - 600) / 100);
    const shipBy = new Date(shipment.shipBy).getTime() - new Date(shipment.createdAt).getTime();
    expect(Math.abs(shipBy - 48 * 3_600_000)).toBeLessThan(60_000);
    const [line] = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, user.id), eq(walletLedger.kind, 'shipping')));
    expect(line).toMatchObject({ amountCents: -600, refType: 'shipment', refId: shipment._id });
    expect((await counts(user.id)).states).toEqual(['ship_requested', 'ship_requested']);
    const mine = await call(user, 'GET', '/api/vault/shipments');
    expect(mine.json().shipments.map((s: VaultShipment) => s._id)).toEqual([shipment._id]);
    const due = await call(admin, 'GET', '/api/admin/shipments');
    const box = due.json().shipments.find((s: { _id: string }) => s._id === shipment._id);
    expect(box).toMatchObject({ sourceType: 'vault', sourceId: shipment._id, fee: 6 });
    expect(box.insuredValue).toBe(150);
    expect(box.items).toHaveLength(2);
    // The packing slip's lines: each card's name, grade and cert number.
    expect(box.cards).toHaveLength(2);
    expect(box.cards).toEqual(
      expect.arrayContaining(
        cards.map((c) => ({
          name: c.name,
          grade: c.certNumber ? expect.stringMatching(/\S/) : 'Raw',
          certNumber: c.certNumber,
        })),
      ),
    );
    const queue = await call(admin, 'GET', '/api/admin/fulfilment');
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({ kind: 'vault', _id: shipment._id }),
    );
    // The same key replays the first answer; a second request for the same cards is 409.
    const again = await ship(
      user,
      held.map((h) => h._id),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is no longer in your vault\.$/);
    expect(await balanceOf(user.id)).toBe(before - 600);
  });

  it('ships free from $250 of insured value, and charges no spending limit', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 50_000);
    await buy(user, [{ fmvCents: 25_000, storePriceCents: 20_000 }]);
    const { holdings: held } = await vaultOf(user);
    const ledgerBefore = (await counts(user.id)).ledger;
    const res = await ship(user, [held[0]!._id]);
    expect(res.statusCode).toBe(201);
    expect(res.json().shipment).toMatchObject({ fee: 0, insuredValue: 250 });
    expect((await counts(user.id)).ledger).toBe(ledgerBefore);
  });

  it("answers 404 for another collector's card and writes nothing", async () => {
    const a = await collector();
    const b = await collector();
    const before = await counts(b.user.id);
    for (const ids of [[a.held[0]!._id], [b.held[0]!._id, a.held[0]!._id]]) {
      const res = await ship(b.user, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: 'No card with this id in your vault.',
        error: 'Not Found',
      });
    }
    expect(await counts(b.user.id)).toEqual(before);
    expect((await counts(a.user.id)).states).toEqual(['in_vault', 'in_vault']);
  });

  it('names the field of bad input with 400', async () => {
    const { user, held } = await collector();
    const empty = await ship(user, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'holdingIds' });
    const twice = await ship(user, [held[0]!._id, held[0]!._id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'holdingIds' });
    await t.database.db.update(users).set({ shippingAddress: null }).where(eq(users.id, user.id));
    const before = await counts(user.id);
    const noAddress = await ship(user, [held[0]!._id]);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      message: 'Add a shipping address to ship these cards.',
      field: 'shippingAddress',
    });
    expect(await counts(user.id)).toEqual(before);
    const withAddress = await ship(user, [held[0]!._id], {
      shippingAddress: { ...TEST_ADDRESS, name: 'Elsewhere' },
    });
    expect(withAddress.statusCode).toBe(201);
    expect(withAddress.json().shipment.address.name).toBe('Elsewhere');
  });

  it('cancels a pending box: cards back in the vault, the fee refunded once', async () => {
    const { user, held } = await collector();
    const stranger = await createUser(t);
    const start = await balanceOf(user.id);
    const box = (await ship(user, [held[0]!._id])).json().shipment as VaultShipment;
    expect(box.fee).toBe(5);
    const foreign = await call(stranger, 'POST', `/api/vault/shipments/${box._id}/cancel`);
    expect(foreign.statusCode).toBe(404);
    const res = await call(user, 'POST', `/api/vault/shipments/${box._id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunded: 5, balance: start / 100 });
    expect(res.json().shipment.cards).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(start);
    expect((await counts(user.id)).states).toEqual(['in_vault', 'in_vault']);
    const again = await call(user, 'POST', `/api/vault/shipments/${box._id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This shipment was already cancelled.');
    expect(await balanceOf(user.id)).toBe(start);
    const [box2] = await t.database.db.select().from(shipments).where(eq(shipments.id, box._id));
    expect(box2!.status).toBe('cancelled');
  });

  it('stops cancelling once staff start packing; marking shipped moves the cards and mails tracking', async () => {
    const { user, held } = await collector();
    const box = (await ship(user, [held[1]!._id])).json().shipment as VaultShipment;
    const packing = await call(admin, 'POST', `/api/admin/shipments/${box._id}/packing`);
    expect(packing.statusCode).toBe(200);
    expect(packing.json()).toMatchObject({ status: 'packing', cancellable: false });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, box._id), eq(auditLog.action, 'shipment.packing')));
    expect(audit?.actorId).toBe(admin.id);
    const cancel = await call(user, 'POST', `/api/vault/shipments/${box._id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      'We have started packing this shipment, so it can no longer be cancelled.',
    );
    expect((await call(admin, 'POST', `/api/admin/shipments/${box._id}/packing`)).statusCode).toBe(
      409,
    );
    const sent = await call(admin, 'POST', `/api/admin/shipments/${box._id}/ship`, {
      carrier: 'USPS',
      trackingNumber: '9400111899223',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().shipment).toMatchObject({ status: 'shipped', fee: 5 });
    expect((await counts(user.id)).states).toEqual(['in_vault', 'shipped']);
    const mail = await lastMailTo(t, user.email);
    expect(mail?.mail.subject).toBe('Your card has shipped');
    expect(mail?.mail.text).toContain('Tracking number: 9400111899223');
    const shipped = await vaultOf(user, '?state=shipped');
    expect(shipped.holdings.map((h) => h._id)).toEqual([held[1]!._id]);
    expect((await vaultOf(user)).totals.cards).toBe(1);
    const mine = (await call(user, 'GET', '/api/vault/shipments')).json().shipments[0];
    expect(mine).toMatchObject({ status: 'shipped', carrier: 'USPS', cancellable: false });
  });

  it('ships a store order now: the fee is part of the total and its cards are in a box', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 100_000);
    const { order } = await buy(
      user,
      [
        { fmvCents: 10_000, storePriceCents: 12_000 },
        { fmvCents: 3_000, storePriceCents: 2_500 },
      ],
      'ship',
    );
    expect(order).toMatchObject({
      delivery: 'ship',
      shippingFee: 6,
      total: 151,
      shippingAddress: TEST_ADDRESS,
      shipment: { status: 'pending' },
    });
    expect(await balanceOf(user.id)).toBe(100_000 - 15_100);
    expect((await counts(user.id)).states).toEqual(['ship_requested', 'ship_requested']);
    // Kept in the vault, an order stores no address (buying still needs a complete profile).
    const card = await insertCard(t.database.db);
    const kept = await call(user, 'POST', '/api/orders', { items: [card.id], delivery: 'vault' });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().order).toMatchObject({
      delivery: 'vault',
      total: 120,
      shippingFee: 0,
      shippingAddress: null,
    });
  });

  it('reports custody by state and owner, and shows a collector their vault to staff (audited)', async () => {
    const { user } = await collector();
    const report = await call(admin, 'GET', '/api/admin/vault/custody?limit=100');
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.byState.map((s: { state: string }) => s.state)).toEqual([
      'in_vault',
      'ship_requested',
      'listed',
      'in_trade',
    ]);
    expect(body.totals.cards).toBe(
      body.byState.reduce((n: number, s: { cards: number }) => n + s.cards, 0),
    );
    const owners = await t.database.db
      .selectDistinct({ userId: holdings.userId })
      .from(holdings)
      .where(sql`${holdings.state} in ('in_vault', 'ship_requested', 'listed', 'in_trade')`);
    expect(body.totals.owners).toBe(owners.length);
    // Paged by owner: a page of one, and the total still counts every owner.
    const first = (await call(admin, 'GET', '/api/admin/vault/custody?limit=1')).json();
    expect(first.byOwner).toHaveLength(1);
    expect(first.totals.owners).toBe(owners.length);
    expect(body.byOwner).toContainEqual({
      user: { _id: user.id, username: user.username, email: user.email },
      cards: 2,
      insuredValue: 150,
    });
    expect((await call(user, 'GET', '/api/admin/vault/custody')).statusCode).toBe(403);

    const seen = await call(admin, 'GET', `/api/admin/users/${user.id}/vault`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().totals).toEqual({ cards: 2, value: 150, cost: 160, gain: -10 });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.action, 'user.vault.view')));
    expect(audits).toHaveLength(1);
    const unknown = await call(
      admin,
      'GET',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/vault',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps a daily value history, today's live value last", async () => {
    const { user } = await collector();
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    // Taken twice the same day: one point. A year and more ago: not shown.
    await snapshotVaults(t.database.db, daysAgo(10));
    await snapshotVaults(t.database.db, daysAgo(10));
    await snapshotVaults(t.database.db, daysAgo(400));
    const res = await call(user, 'GET', '/api/vault/history');
    expect(res.statusCode).toBe(200);
    expect(res.json().points).toEqual([
      { day: daysAgo(10), value: 150, cost: 160 },
      { day: daysAgo(0), value: 150, cost: 160 },
    ]);
  });

  it('holds a pull with its sell-back offer; claiming it ships it from the vault for the fee', async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 5,
      packPrice: 20,
      name: 'Vault Test Case',
    });
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const bought = await call(user, 'POST', `/api/grail-cases/${caseId}/packs`, {});
    expect(bought.statusCode).toBe(201);
    const pull = bought.json().pull;
    const [held] = (await vaultOf(user)).holdings;
    expect(held).toMatchObject({
      source: 'pull',
      sourceId: pull._id,
      sourceLabel: `Pull #${pull.k} of Vault Test Case`,
      cost: 20,
      sellBack: pull.sellBack,
    });
    const before = await balanceOf(user.id);
    const claimed = await call(user, 'POST', `/api/pulls/${pull._id}/claim`, {});
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().pull).toMatchObject({ status: 'claimed', sellBack: null });
    const fee = pull.card.fmv >= 250 ? 0 : 500;
    expect(await balanceOf(user.id)).toBe(before - fee);
    expect((await vaultOf(user, '?state=ship_requested')).holdings[0]!.sourceId).toBe(pull._id);
  });
});
