import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { MailService, mailBox, type MailMessage } from './mail.service.js';
const TEST_SECRET = 'mail-test-secret-of-at-least-32-chars';

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

describe(`mail: no usable token kept once mail really leaves (${testEngine})`, () => {
  const message = {
    to: 'owner@example.com',
    subject: 'Reset your password',
    text: 'Reset: https://grail.example/reset-password/S3cretResetT0ken.\nVerify: https://grail.example/auth/callback?token=S3cretVerifyT0ken\nShop: https://grail.example/store',
  };

  it('stores the mail with its tokens redacted in staging (and production)', async () => {
    const staging = await createTestApp({
      env: { APP_ENV: 'staging', PUBLIC_URL: 'https://grail.example' },
    });
    try {
      await staging.app.services.mail.send(message);
      const [stored] = await staging.app.services.mail.outbox();
      expect(stored!.text).not.toContain('S3cret');
      expect(stored!.links).toEqual([
        'https://grail.example/reset-password/[redacted]',
        'https://grail.example/auth/callback?token=[redacted]',
        'https://grail.example/store',
      ]);
    } finally {
      await staging.close();
    }
  });

  it('sends the whole mail through SMTP_URL and stores its copy redacted, even in tests', async () => {
    const t = await createTestApp();
    try {
      const mail = new MailService(t.database.db, {
        smtpUrl: 'smtp://127.0.0.1:2525',
        from: 'Grail Machine <no-reply@grail.example>',
        appEnv: 'test',
        box: mailBox(TEST_SECRET),
      });
      const sent: MailMessage[] = [];
      // The SMTP server: what it receives is the mail as written.
      (mail as unknown as { transport: { sendMail(m: MailMessage): Promise<unknown> } }).transport =
        { sendMail: async (m) => sent.push(m) };
      await mail.send(message);
      expect(sent[0]!.text).toContain('S3cretResetT0ken');
      const [stored] = await mail.outbox();
      expect(stored!.subject).toBe('Reset your password');
      expect(stored!.text).not.toContain('S3cret');
      expect(stored!.text).toContain('/reset-password/[redacted]');
    } finally {
      await t.close();
    }
  });

  it('keeps the links whole in development and tests without SMTP (the browser tests read them)', async () => {
    const t = await createTestApp();
    try {
      await t.app.services.mail.send(message);
      const [stored] = await t.app.services.mail.outbox();
      expect(stored!.text).toContain('S3cretResetT0ken');
    } finally {
      await t.close();
    }
  });
});
