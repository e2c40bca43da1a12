import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BreakListResponse } from '@grail/contract';
import { cards } from '../../db/schema/index.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { startup } from '../../startup.js';
import { DEMO_CASE } from '../grail/demo-case.js';
import { demoBreakInput } from '../breaks/demo-break.js';
import { seedDemoData } from './demo.service.js';
import { DEMO_CASE_CARDS, DEMO_STORE_CARDS, parseCatalogue } from './catalogue.js';

// One first start per engine serves every check: drawing the demo art is the slow part.
describe(`demo data on the first start (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_DATA: 'true', BREAKS_ENABLED: 'true' } });
    await startup(t.app, t.config, t.database);
  });
  afterAll(() => t?.close());

  it('loads a curated case and store items, with locally drawn art', async () => {
    const rows = await t.database.db.select().from(cards);
    const forStore = rows.filter((c) => c.storePriceCents !== null);
    const forCase = rows.filter((c) => c.storePriceCents === null);
    expect(forCase.length).toBeGreaterThanOrEqual(60);
    expect(forStore.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((c) => c.sport)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((c) => c.grader))).toEqual(new Set(['PSA', 'BGS', 'SGC', null]));
    const fmvs = rows.map((c) => c.fmvCents);
    expect(Math.min(...fmvs)).toBeLessThanOrEqual(500);
    expect(Math.max(...fmvs)).toBeGreaterThanOrEqual(500_000);
    for (const card of rows.filter((c) => c.grader)) {
      expect(card.certNumber).toMatch(card.grader === 'BGS' ? /^00\d{8}$/ : /^\d{7,8}$/);
    }
    const image = await t.app.inject(`/api/images/${rows[0]!.imageIds[0]}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('does nothing on a database that already has data', async () => {
    expect(await seedDemoData(t.database, t.app.services.images)).toBe(false);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cards);
    expect(n).toBeGreaterThanOrEqual(84);
  });

  it('is live on the first start with its 64 cards and published commitments', async () => {
    const res = await t.app.inject({ url: '/api/grail-cases/active' });
    expect(res.statusCode).toBe(200);
    const active = res.json();
    expect(active).toMatchObject({
      name: DEMO_CASE.name,
      packPrice: DEMO_CASE.packPrice,
      status: 'active',
      totalItems: 64,
      remaining: 64,
      floorValue: 5,
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      contentsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // A pack is worth its price on average, but instant sell-back on average is not.
    expect(active.expectedValue).toBeGreaterThan(active.packPrice);
    expect(active.expectedValue * 0.85).toBeLessThan(active.packPrice);
    const detail = (await t.app.inject({ url: `/api/grail-cases/${active.caseId}` })).json();
    expect(detail.topGrails[0].fmv).toBe(5200);
    const image = await t.app.inject({ url: detail.topGrails[0].imageUrl });
    expect(image.statusCode).toBe(200);
  });

  it('has a break on sale, every spot open, for a visitor on /breaks', async () => {
    const res = await t.app.inject({ url: '/api/breaks' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as BreakListResponse).breaks;
    expect(list).toHaveLength(1);
    const expected = demoBreakInput(new Date());
    expect(list[0]).toMatchObject({
      title: expected.title,
      status: 'open',
      format: 'random_team',
      spotPrice: 19.99,
      totalSpots: 30,
      spotsSold: 0,
      minSpots: 2,
    });
    expect(Date.parse(list[0]!.salesDeadline)).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
    const detail = await t.app.inject({ url: `/api/breaks/${list[0]!._id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().break.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('the demo catalogue file', () => {
  const header = 'use,player,sport,team,year,set,number,variant,grade,fmv';
  it('holds 64 case cards and 28 store cards, every line valid', () => {
    expect(DEMO_CASE_CARDS).toHaveLength(64);
    expect(DEMO_STORE_CARDS).toHaveLength(28);
  });

  it('names the line and column of a bad row', () => {
    const good = 'case,Mike Trout,Baseball,Angels,2011,Topps Update,US175,,PSA 10,5200';
    expect(parseCatalogue(`${header}\n${good}`)).toHaveLength(1);
    expect(() => parseCatalogue(`${header}\n${good}\n${good.replace('2011', '20X1')}`)).toThrow(
      'catalogue.csv line 3, column year:',
    );
    expect(() => parseCatalogue(`${header}\n${good.replace('PSA 10', 'PSA ten')}`)).toThrow(
      /line 2, column grade: must be "PSA 10"/,
    );
    expect(() => parseCatalogue(`${header}\n${good},extra`)).toThrow(
      'catalogue.csv line 2: expected 10 plain comma-separated values',
    );
    expect(() => parseCatalogue(`use,player\n${good}`)).toThrow(/the header must be/);
  });
});
