import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnalyticsResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { pulls, shipments, users, walletLedger } from '../../db/schema/index.js';

const at = (iso: string) => new Date(iso);
const zeroDay = (day: string) => ({ day, store: 0, packs: 0, breaks: 0, shipping: 0, topUps: 0 });

describe(`analytics: the staff dashboard's SQL (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let a: TestUser;
  let b: TestUser;
  let caseId: string;

  const report = (query: string, who: TestUser = admin, app: TestApp = t) =>
    app.app.inject({ url: `/api/admin/analytics?${query}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp({ env: { ADVANCED_ANALYTICS: 'true' } });
    admin = await createUser(t, { role: 'admin' });
    a = await createUser(t);
    b = await createUser(t);
    const db = t.database.db;
    await db
      .update(users)
      .set({ createdAt: at('2026-03-02T10:00:00Z') })
      .where(eq(users.id, a.id));
    await db
      .update(users)
      .set({ createdAt: at('2026-03-03T23:30:00Z') })
      .where(eq(users.id, b.id));

    let balance = 0;
    const entry = async (
      user: TestUser,
      createdAt: string,
      kind: (typeof walletLedger.$inferInsert)['kind'],
      amountCents: number,
      refType: string = kind,
      refundOf: number | null = null,
    ) => {
      balance += amountCents;
      const [row] = await db
        .insert(walletLedger)
        .values({
          userId: user.id,
          amountCents,
          balanceAfterCents: 100_000 + balance,
          kind,
          refType,
          refId: randomUUID(),
          description: `${kind} on ${createdAt}`,
          createdAt: at(createdAt),
          refundOf,
        })
        .returning({ id: walletLedger.id });
      return row!.id;
    };
    await entry(a, '2026-03-01T23:59:59Z', 'top_up', 99_900); // the day before the range
    await entry(a, '2026-03-02T10:05:00Z', 'top_up', 10_000);
    await entry(a, '2026-03-02T11:00:00Z', 'pack', -2_500);
    await entry(a, '2026-03-02T12:00:00Z', 'pack', -2_500);
    const order = await entry(a, '2026-03-03T09:00:00Z', 'order', -3_000);
    // A ship request's fee, and its box cancelled the next day; a box paid in the order's total
    // cancelled too: its fee comes off the store's figure.
    const fee = await entry(a, '2026-03-03T10:00:00Z', 'shipping', -600, 'shipment');
    await entry(a, '2026-03-04T02:00:00Z', 'refund', 600, 'shipment', fee);
    await entry(a, '2026-03-04T03:00:00Z', 'refund', 500, 'shipment', order);
    await entry(a, '2026-03-04T04:00:00Z', 'shipping', -700, 'shipment');
    await entry(a, '2026-03-03T23:59:59Z', 'break', -1_500);
    await entry(a, '2026-03-04T00:00:00Z', 'refund', 1_500, 'break_spot');
    await entry(a, '2026-03-04T01:00:00Z', 'buyback', 3_570, 'pull');
    await entry(b, '2026-03-04T08:00:00Z', 'top_up', 5_000);
    await entry(b, '2026-03-04T09:00:00Z', 'pack', -2_500);
    await entry(b, '2026-03-11T00:00:00Z', 'top_up', 7_700); // the day after the range

    // A case of four cards (FMV $5, $42, $79, $116: EV $60.50) at $25 a pack.
    let cardIds: string[];
    ({ caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 4,
      packPrice: 25,
      name: 'Analytics Case',
    }));
    const pull = (
      k: number,
      user: TestUser,
      pulledAt: string,
      fmvCents: number,
      soldBack?: number,
    ) => ({
      caseId,
      userId: user.id,
      cardId: cardIds[k - 1]!,
      k,
      clientSeed: 'seed',
      remainingBefore: 5 - k,
      drawIndex: 0,
      position: k,
      priceCents: 2_500,
      fmvCents,
      pulledAt: at(pulledAt),
      ...(soldBack
        ? { status: 'sold_back' as const, buybackCents: soldBack, soldBackAt: at(pulledAt) }
        : {}),
    });
    await db
      .insert(pulls)
      .values([
        pull(1, a, '2026-03-02T11:00:00Z', 500),
        pull(2, a, '2026-03-02T12:00:00Z', 4_200, 3_570),
        pull(3, b, '2026-03-04T09:00:00Z', 7_900),
        pull(4, b, '2026-03-11T09:00:00Z', 11_600),
      ]);

    // Shipped: in week 1 one on time and one late; in week 2 one on time; one after the range.
    const shipped = (shipBy: string, shippedAt: string) => ({
      userId: a.id,
      sourceType: 'order' as const,
      sourceId: randomUUID(),
      address: TEST_ADDRESS,
      status: 'shipped' as const,
      shipBy: at(shipBy),
      shippedAt: at(shippedAt),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    await db
      .insert(shipments)
      .values([
        shipped('2026-03-04T12:00:00Z', '2026-03-03T12:00:00Z'),
        shipped('2026-03-04T12:00:00Z', '2026-03-05T12:00:00Z'),
        shipped('2026-03-10T12:00:00Z', '2026-03-09T12:00:00Z'),
        shipped('2026-03-12T12:00:00Z', '2026-03-11T12:00:00Z'),
      ]);
  });
  afterAll(() => t?.close());

  it('computes every chart over the seeded range with exact figures', async () => {
    const res = await report('from=2026-03-02&to=2026-03-10');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AnalyticsResponse;
    expect(body.revenue).toEqual([
      { day: '2026-03-02', store: 0, packs: 50, breaks: 0, shipping: 0, topUps: 100 },
      { day: '2026-03-03', store: 30, packs: 0, breaks: 15, shipping: 6, topUps: 0 },
      { day: '2026-03-04', store: -5, packs: 25, breaks: -15, shipping: 1, topUps: 50 },
      ...['05', '06', '07', '08', '09', '10'].map((d) => zeroDay(`2026-03-${d}`)),
    ]);
    expect(body.packsPerCase).toEqual([
      { caseId, name: 'Analytics Case', packsSold: 3, packPrice: 25, expectedValue: 60.5 },
    ]);
    expect(body.buyback).toEqual({
      pulled: 3,
      soldBack: 1,
      rate: 1 / 3,
      credit: 35.7,
      fmv: 42,
      creditToFmv: 0.85,
    });
    expect(body.shippingCompliance).toEqual([
      { week: '2026-03-02', shipped: 2, onTime: 1, share: 0.5 },
      { week: '2026-03-09', shipped: 1, onTime: 1, share: 1 },
    ]);
    expect(body.collectors).toEqual([
      { day: '2026-03-02', new: 1, active: 1 },
      { day: '2026-03-03', new: 1, active: 1 },
      { day: '2026-03-04', new: 0, active: 2 },
      ...['05', '06', '07', '08', '09', '10'].map((d) => ({
        day: `2026-03-${d}`,
        new: 0,
        active: 0,
      })),
    ]);
  });

  it('answers an empty range with zeros and null ratios', async () => {
    const body = (await report('from=2025-01-01&to=2025-01-01')).json() as AnalyticsResponse;
    expect(body.revenue).toEqual([zeroDay('2025-01-01')]);
    expect(body.packsPerCase).toEqual([]);
    expect(body.buyback).toEqual({
      pulled: 0,
      soldBack: 0,
      rate: null,
      credit: 0,
      fmv: 0,
      creditToFmv: null,
    });
    expect(body.shippingCompliance).toEqual([
      { week: '2024-12-30', shipped: 0, onTime: 0, share: null },
    ]);
  });

  it('sums a day past $21,474,836.47 (a 32-bit sum of cents) as an exact number', async () => {
    for (const [hour, balance] of [
      ['10', 10_000_000],
      ['11', 20_000_000],
      ['12', 30_000_000],
    ] as const)
      await t.database.db.insert(walletLedger).values({
        userId: b.id,
        amountCents: 1_000_000_000,
        balanceAfterCents: balance * 100,
        kind: 'top_up',
        refType: 'top_up',
        refId: randomUUID(),
        description: 'A collector moving in',
        createdAt: at(`2026-05-01T${hour}:00:00Z`),
      });
    const res = await report('from=2026-05-01&to=2026-05-01');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AnalyticsResponse).revenue).toEqual([
      { ...zeroDay('2026-05-01'), topUps: 30_000_000 },
    ]);
  });

  it('validates the range: real dates, from before to, at most 366 days', async () => {
    for (const q of [
      'from=2026-03-10&to=2026-03-02',
      'from=2026-02-30&to=2026-03-02',
      'from=2025-01-01&to=2026-01-02',
      'from=20260301&to=2026-03-02',
      'to=2026-03-02',
    ]) {
      const res = await report(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
    expect((await report('from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });

  it('is for staff only, and absent (404) while ADVANCED_ANALYTICS is off', async () => {
    expect((await report('from=2026-03-02&to=2026-03-02', a)).statusCode).toBe(403);
    const off = await createTestApp();
    try {
      const staff = await createUser(off, { role: 'admin' });
      expect((await report('from=2026-03-02&to=2026-03-02', staff, off)).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
