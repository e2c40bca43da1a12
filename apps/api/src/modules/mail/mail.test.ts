import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';

describe(`mail: outbox without SMTP (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps a message in the outbox and lists it, newest first, at GET /api/dev/mail', async () => {
    await t.app.services.mail.send({
      to: 'buyer@example.com',
      subject: 'Your order shipped',
      text: 'Track it at https://tracking.example/abc?id=1 and see http://localhost/dashboard.',
    });
    await t.app.services.mail.send({ to: 'b@example.com', subject: 'Second', text: 'no links' });
    const res = await t.app.inject({ url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { mail } = res.json() as { mail: Array<Record<string, unknown>> };
    expect(mail.map((m) => m.subject)).toEqual(['Second', 'Your order shipped']);
    expect(mail[1]).toMatchObject({
      to: 'buyer@example.com',
      links: ['https://tracking.example/abc?id=1', 'http://localhost/dashboard'],
    });
  });

  it('has no /api/dev/mail in production', async () => {
    const prod = await createTestApp({
      env: {
        APP_ENV: 'production',
        PUBLIC_URL: 'https://grailmachine.example',
        PAYMENT_PROVIDER: 'sandbox',
      },
    });
    try {
      const res = await prod.app.inject({ url: '/api/dev/mail' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
