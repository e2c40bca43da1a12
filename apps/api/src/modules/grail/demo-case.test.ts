import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { startup } from '../../startup.js';
import { DEMO_CASE } from './demo-case.js';

describe(`demo live case (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_DATA: 'true' } });
    await startup(t.app, t.config, t.database);
  });
  afterAll(() => t?.close());

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
});
