import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { cards } from '../../db/schema/index.js';
import { fund, insertCards } from '../grail/grail.test-support.js';

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
    const second = await call('POST', `/api/admin/grail-cases/${other}/go-live`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Another case is live or scheduled; close it first.');

    const active = (await t.app.inject({ url: '/api/grail-cases/active' })).json();
    expect(active).toMatchObject({
      caseId,
      packPrice: 12.5,
      tiers: [{ name: 'Big' }, { name: 'Small' }],
    });

    await fund(t.database, t.app.services.wallet, collector.id, 10_000);
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
