import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cards } from '../../db/schema/index.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { seedDemoData } from './demo.service.js';

describe(`demo catalogue on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads a curated case and store items once, with locally drawn art', async () => {
    expect(await seedDemoData(t.database, t.app.services.images)).toBe(true);
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
});
