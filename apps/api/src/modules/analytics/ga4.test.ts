import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';

const ID = 'G-TEST12345';

describe(`GA4: measurement id and CSP follow ADVANCED_ANALYTICS (${testEngine})`, () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ env: { ADVANCED_ANALYTICS: 'true', ANALYTICS_MEASUREMENT_ID: ID } });
    off = await createTestApp({ env: { ANALYTICS_MEASUREMENT_ID: ID } });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  const csp = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['content-security-policy']);

  it('with the flag on, hands the id to the client and lets exactly gtag in', async () => {
    const res = await on.app.inject({ url: '/api/config' });
    expect(res.json().analyticsMeasurementId).toBe(ID);
    // The page's policy: API answers carry their own short one, which loads nothing.
    const policy = csp(await on.app.inject({ url: '/store' }));
    expect(policy).toMatch(/script-src 'self'[^;]* https:\/\/www\.googletagmanager\.com/);
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/\*\.google-analytics\.com https:\/\/\*\.analytics\.google\.com https:\/\/\*\.googletagmanager\.com;/,
    );
  });

  it('with the flag off, nothing: no id, no Google in the policy', async () => {
    const res = await off.app.inject({ url: '/api/config' });
    expect(res.json().analyticsMeasurementId).toBeNull();
    expect(csp(await off.app.inject({ url: '/store' }))).not.toMatch(/google/);
  });

  it('follows the flag when staff switch it at run time', async () => {
    off.config.flags.ADVANCED_ANALYTICS = true;
    try {
      const res = await off.app.inject({ url: '/store' });
      expect(csp(res)).toContain('https://www.googletagmanager.com');
    } finally {
      off.config.flags.ADVANCED_ANALYTICS = false;
    }
  });
});
