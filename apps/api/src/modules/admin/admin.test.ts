import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { COMMITTED_CARD_MESSAGE, DEFAULT_TIERS, type Pull } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { cards } from '../../db/schema/index.js';
import { contentsHash } from '../grail/fairness.js';
import { createLiveCase, insertCards } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';

describe(`admin: Grail cases from draft to live to closed (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    who?: TestUser,
  ) =>
    t.app.inject({ method, url, headers: (who ?? admin).headers, ...(payload ? { payload } : {}) });
  const statusOf = async (ids: string[]) =>
    (await t.database.db.select({ s: cards.status }).from(cards).where(inArray(cards.id, ids))).map(
      (r) => r.s,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
  });
  afterAll(() => t?.close());

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/grail-cases' })).statusCode).toBe(401);
    const res = await call(
      'POST',
      '/api/admin/grail-cases',
      { name: 'X', packPrice: 10 },
      collector,
    );
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/grail-cases')).statusCode).toBe(200);
  });

  it('validates a new case', async () => {
    const noName = await call('POST', '/api/admin/grail-cases', { name: '', packPrice: 10 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/name/);
    const badPrice = await call('POST', '/api/admin/grail-cases', { name: 'A', packPrice: -1 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().message).toMatch(/packPrice/);
    const cents = await call('POST', '/api/admin/grail-cases', { name: 'A', packPrice: 1.234 });
    expect(cents.statusCode).toBe(400);
  });

  it('loads a draft, launches it with commitments, sells, and closes it', async () => {
    const ids = await insertCards(t.database, 6);
    const created = await call('POST', '/api/admin/grail-cases', {
      name: 'Admin Case',
      packPrice: 30,
    });
    expect(created.statusCode).toBe(201);
    const caseId = created.json().case.caseId as string;
    expect(created.json().case).toMatchObject({ status: 'draft', serverSeedHash: null });

    const available = (await call('GET', '/api/admin/grail-cases/available-cards')).json().cards;
    expect(available.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining(ids));

    const added = await call('POST', `/api/admin/grail-cases/${caseId}/cards`, { cardIds: ids });
    expect(added.statusCode).toBe(200);
    expect(added.json().case.cards).toHaveLength(6);
    expect(new Set(await statusOf(ids))).toEqual(new Set(['in_case']));

    // A card already in a case cannot go into another one.
    const other = (
      await call('POST', '/api/admin/grail-cases', { name: 'Other', packPrice: 5 })
    ).json().case.caseId;
    const twice = await call('POST', `/api/admin/grail-cases/${other}/cards`, {
      cardIds: [ids[0]],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain(ids[0]);

    const removed = await call('DELETE', `/api/admin/grail-cases/${caseId}/cards/${ids[5]}`);
    expect(removed.json().case.cards).toHaveLength(5);
    expect(await statusOf([ids[5]!])).toEqual(['available']);

    const edited = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      packPrice: 12.5,
      tiers: [
        { name: 'Big', minFmv: 100, maxFmv: null },
        { name: 'Small', minFmv: 0, maxFmv: 99.99 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().case).toMatchObject({ packPrice: 12.5 });

    const live = await call('POST', `/api/admin/grail-cases/${caseId}/go-live`);
    expect(live.statusCode).toBe(200);
    const launched = live.json().case;
    expect(launched).toMatchObject({ status: 'active', totalItems: 5, remaining: 5 });
    expect(launched.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(launched.cards.map((c: { position: number }) => c.position).sort()).toEqual([
      1, 2, 3, 4, 5,
    ]);

    // Contents are locked while live; a second live case is refused.
    expect(
      (await call('PATCH', `/api/admin/grail-cases/${caseId}`, { packPrice: 1 })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `/api/admin/grail-cases/${caseId}/cards`, { cardIds: [ids[5]] }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/admin/grail-cases/${caseId}/cards/${ids[0]}`)).statusCode,
    ).toBe(409);
    await call('POST', `/api/admin/grail-cases/${other}/cards`, { cardIds: [ids[5]] });
    // One card fills one tier only: every tier needs a card at go-live.
    await call('PATCH', `/api/admin/grail-cases/${other}`, {
      tiers: [{ name: 'All', minFmv: 0, maxFmv: null }],
    });
    const second = await call('POST', `/api/admin/grail-cases/${other}/go-live`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Another case is live or scheduled; close it first.');

    const active = (await t.app.inject({ url: '/api/grail-cases/active' })).json();
    expect(active).toMatchObject({
      caseId,
      packPrice: 12.5,
      tiers: [{ name: 'Big' }, { name: 'Small' }],
    });

    await fund(t.database, collector.id, 10_000);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...collector.headers, 'idempotency-key': 'admin-test-buy-1' },
    });
    expect(bought.statusCode).toBe(201);
    const pulledId = bought.json().pull.card._id;

    const closed = await call('POST', `/api/admin/grail-cases/${caseId}/close`);
    expect(closed.json().case.status).toBe('closed');
    const rest = ids.slice(0, 5).filter((id) => id !== pulledId);
    expect(new Set(await statusOf(rest))).toEqual(new Set(['available']));
    expect(await statusOf([pulledId])).toEqual(['pulled']);
    const fairness = (await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` })).json();
    expect(fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ url: '/api/grail-cases/active' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/grail-cases/${caseId}/close`)).statusCode).toBe(409);

    // With the first case closed, the other one can launch.
    expect((await call('POST', `/api/admin/grail-cases/${other}/go-live`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/grail-cases/${other}/close`)).statusCode).toBe(200);
    const [card] = await t.database.db.select().from(cards).where(eq(cards.id, ids[5]!));
    expect(card!.status).toBe('available');
  });

  it('refuses to launch an empty case and 404s unknown ids', async () => {
    const empty = (
      await call('POST', '/api/admin/grail-cases', { name: 'Empty', packPrice: 5 })
    ).json().case.caseId;
    const res = await call('POST', `/api/admin/grail-cases/${empty}/go-live`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Add at least one card before going live.');
    expect(
      (await call('GET', '/api/admin/grail-cases/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    // A draft is invisible to collectors.
    expect((await t.app.inject({ url: `/api/grail-cases/${empty}` })).statusCode).toBe(404);
  });
});

describe(`admin: committed cases stay as published, case settings are valid (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const cardRow = async (id: string) =>
    (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
  const buyOne = async (caseId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...collector.headers, 'idempotency-key': `commit-${randomUUID()}` },
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    return res.json().pull as Pull;
  };
  const newDraft = async (body: object = {}) => {
    const res = await call('POST', '/api/admin/grail-cases', {
      name: 'Draft',
      packPrice: 10,
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json().case.caseId as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
    await fund(t.database, collector.id, 1_000_000);
  });
  afterAll(() => t?.close());

  it('refuses to change the FMV or name of a card in a live case or pulled from it (409), and nothing changes', async () => {
    const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 4,
    });
    const published = (await t.app.inject({ url: '/api/grail-cases/active' })).json();
    const before = await cardRow(cardIds[0]!);
    for (const patch of [
      { fmv: 8_500_000 },
      { name: 'Charizard 1st Edition' },
      { name: before.name, fmv: 8_500_000 },
    ]) {
      const res = await call('PATCH', `/api/admin/cards/${cardIds[0]}`, patch);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: COMMITTED_CARD_MESSAGE, error: 'Conflict' });
    }
    expect(await cardRow(cardIds[0]!)).toEqual(before);
    expect((await t.app.inject({ url: '/api/grail-cases/active' })).json()).toEqual(published);
    // What the commitment does not rest on may still be corrected.
    const note = await call('PATCH', `/api/admin/cards/${cardIds[0]}`, {
      conditionNote: 'Light corner wear',
    });
    expect(note.statusCode).toBe(200);

    const pull = await buyOne(caseId);
    const pulled = await cardRow(pull.card._id);
    const res = await call('PATCH', `/api/admin/cards/${pull.card._id}`, { fmv: 8_500_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(COMMITTED_CARD_MESSAGE);
    expect(await cardRow(pull.card._id)).toEqual(pulled);
    await t.app.services.grailAdmin.close(caseId);
  });

  it('after the case closes a returned card may be renamed and repriced, keeps its FMV, and the commitment still verifies', async () => {
    const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
    });
    const pull = await buyOne(caseId);
    expect((await call('POST', `/api/admin/grail-cases/${caseId}/close`)).statusCode).toBe(200);
    const returned = cardIds.find((id) => id !== pull.card._id)!;
    const before = await cardRow(returned);
    expect(before.status).toBe('available');

    const edited = await call('PATCH', `/api/admin/cards/${returned}`, {
      name: 'Back in the store',
      storePrice: 99.5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Back in the store', storePrice: 99.5 });
    expect(
      (await call('PATCH', `/api/admin/cards/${returned}`, { status: 'reserved' })).statusCode,
    ).toBe(200);
    const refit = await call('PATCH', `/api/admin/cards/${returned}`, { fmv: 1 });
    expect(refit.statusCode).toBe(409);
    expect(refit.json().message).toBe(COMMITTED_CARD_MESSAGE);
    expect((await cardRow(returned)).fmvCents).toBe(before.fmvCents);
    // The collector's card is theirs: not renamed even after the case closed.
    expect(
      (await call('PATCH', `/api/admin/cards/${pull.card._id}`, { name: 'Other' })).statusCode,
    ).toBe(409);

    const f = (await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` })).json();
    expect(contentsHash(f.contents)).toBe(f.contentsHash);
  });

  it('refuses overlapping, gapped, open-ended-in-the-middle or odds-carrying tiers (400 naming them)', async () => {
    const overlap = await call('POST', '/api/admin/grail-cases', {
      name: 'Overlap',
      packPrice: 10,
      tiers: [
        { name: 'Grail', minFmv: 500, maxFmv: null },
        { name: 'Chase', minFmv: 100, maxFmv: 600 },
        { name: 'Base', minFmv: 0, maxFmv: 99.99 },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe(
      'Invalid body tiers: tiers "Chase" (100 to 600) and "Grail" (500 and up) overlap',
    );

    const caseId = await newDraft();
    const gap = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      tiers: [
        { name: 'Big', minFmv: 200, maxFmv: null },
        { name: 'Small', minFmv: 0, maxFmv: 99.99 },
      ],
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().message).toContain(
      'there is a gap between tier "Small" (up to 99.99) and tier "Big" (from 200)',
    );
    const bounded = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      tiers: [{ name: 'Only', minFmv: 0, maxFmv: 1000 }],
    });
    expect(bounded.statusCode).toBe(400);
    expect(bounded.json().message).toContain('the top tier "Only" must have no upper bound');
    const notFromZero = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      tiers: [{ name: 'Only', minFmv: 5, maxFmv: null }],
    });
    expect(notFromZero.json().message).toContain('the lowest tier "Only" must start at 0');
    // Odds are each tier's share of the remaining cards: a client cannot set them (0.33 in all).
    const odds = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      tiers: [
        { name: 'Big', minFmv: 100, maxFmv: null, odds: 0.11 },
        { name: 'Small', minFmv: 0, maxFmv: 99.99, odds: 0.22 },
      ],
    });
    expect(odds.statusCode).toBe(400);
    expect(odds.json().message).toContain('not odds');
    const unknown = await call('PATCH', `/api/admin/grail-cases/${caseId}`, { odds: [0.33] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('unknown field odds');

    const kept = (await call('GET', `/api/admin/grail-cases/${caseId}`)).json().case;
    expect(kept.tiers).toEqual(DEFAULT_TIERS);
    await t.app.services.grailAdmin.close(caseId);
  });

  it('refuses to go live while a tier holds no card (409 naming it), and the case stays a draft', async () => {
    // FMVs $5 to $80 and $150: Base and Chase are filled, Grail ($500 and up) is empty.
    const ids = await insertCards(t.database, 3, (i) => [500, 8_000, 15_000][i]!);
    const caseId = await newDraft();
    await call('POST', `/api/admin/grail-cases/${caseId}/cards`, { cardIds: ids });
    const res = await call('POST', `/api/admin/grail-cases/${caseId}/go-live`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message:
        'Every tier needs a card before going live: tier "Grail" (500 and up) has none. Add a card in its range or change the tiers.',
      emptyTiers: ['Grail'],
    });
    const draft = (await call('GET', `/api/admin/grail-cases/${caseId}`)).json().case;
    expect(draft).toMatchObject({ status: 'draft', contentsHash: null });
    expect(draft.cards.map((c: { position: number | null }) => c.position)).toEqual([
      null,
      null,
      null,
    ]);

    const fixed = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      tiers: [
        { name: 'Chase', minFmv: 100, maxFmv: null },
        { name: 'Base', minFmv: 0, maxFmv: 99.99 },
      ],
    });
    expect(fixed.statusCode).toBe(200);
    expect((await call('POST', `/api/admin/grail-cases/${caseId}/go-live`)).statusCode).toBe(200);
    await t.app.services.grailAdmin.close(caseId);
  });

  it('takes an activation time only between 2000 and 2100, and the case list keeps answering', async () => {
    for (const activationTime of [
      '0020-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
      '2099-12-31T23:00:00-05:00',
    ]) {
      const res = await call('POST', '/api/admin/grail-cases', {
        name: 'Odd date',
        packPrice: 10,
        activationTime,
      });
      expect(res.statusCode, activationTime).toBe(400);
      expect(res.json().message).toBe(
        'Invalid body activationTime: must be between 2000-01-01 and 2100-01-01',
      );
    }
    const feb30 = await call('POST', '/api/admin/grail-cases', {
      name: 'Odd date',
      packPrice: 10,
      activationTime: '2030-02-30T12:00:00Z',
    });
    expect(feb30.statusCode).toBe(400);
    const caseId = await newDraft({ activationTime: '2030-06-01T12:00:00+02:00' });
    const patched = await call('PATCH', `/api/admin/grail-cases/${caseId}`, {
      activationTime: '0020-01-01T00:00:00Z',
    });
    expect(patched.statusCode).toBe(400);
    const list = await call('GET', '/api/admin/grail-cases');
    expect(list.statusCode).toBe(200);
    expect(list.json().cases).toContainEqual(
      expect.objectContaining({ caseId, activationTime: '2030-06-01T10:00:00.000Z' }),
    );
    await t.app.services.grailAdmin.close(caseId);
  });

  it('takes a pack price from one cent to $100,000 in whole cents, and tier bounds within $10M', async () => {
    for (const packPrice of [5e-324, 1e308, 0, 0.001, 1.234, 100_000.01]) {
      const res = await call('POST', '/api/admin/grail-cases', { name: 'Price', packPrice });
      expect(res.statusCode, String(packPrice)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid body packPrice: must/);
    }
    for (const packPrice of [0.01, 100_000]) {
      const caseId = await newDraft({ packPrice });
      expect((await call('GET', `/api/admin/grail-cases/${caseId}`)).json().case.packPrice).toBe(
        packPrice,
      );
      await t.app.services.grailAdmin.close(caseId);
    }
    const hugeTier = await call('POST', '/api/admin/grail-cases', {
      name: 'Tier',
      packPrice: 10,
      tiers: [
        { name: 'Big', minFmv: 1e308, maxFmv: null },
        { name: 'Small', minFmv: 0, maxFmv: 99.99 },
      ],
    });
    expect(hugeTier.statusCode).toBe(400);
    expect(hugeTier.json().message).toBe('Invalid body tiers.0.minFmv: must be at most 10000000');
  });
});
