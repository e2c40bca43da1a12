import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { loggerOptions } from '../../logger.js';
import { bearer, lastMailTo, login, signUp, tokenFromLink } from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

/**
 * Runs every secret-bearing flow with the production logger at trace level and checks that no
 * password, session/CSRF/verification/reset/challenge token, TOTP secret or code reached the log.
 */
describe(`auth: nothing secret is logged (${testEngine})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: { RATE_LIMIT_SCALE: '100' },
      logger: { ...(loggerOptions('trace') as object), stream },
    });
  });
  afterAll(() => t.close());

  it('keeps passwords, tokens, secrets and codes out of the log, at every step', async () => {
    const secrets: string[] = [TEST_PASSWORD];
    /** After each step: the step worked, and no secret known so far reached the log. */
    const expectCleanLog = (step: string) => {
      const log = lines.join('');
      for (const s of secrets)
        expect(log, `${step}: log contains ${s.slice(0, 6)}…`).not.toContain(s);
    };

    const account = await signUp(t);
    secrets.push(account.token, account.csrfToken);
    expectCleanLog('sign-up');

    const verifyToken = tokenFromLink((await lastMailTo(t, account.body.email)).link);
    secrets.push(verifyToken);
    // Tokens in URLs too: a verification link opened with the token in the query.
    await t.app.inject({ url: `/auth/callback?token=${verifyToken}` });
    expect(lines.join('')).toContain('/auth/callback?token=[redacted]');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(account),
      payload: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);
    expectCleanLog('email verification');

    const wrong = await login(t, account.body.email, 'A-wrong-password-123');
    expect(wrong.statusCode).toBe(401);
    secrets.push('A-wrong-password-123');
    expectCleanLog('failed sign-in');

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: bearer(account),
    });
    const secret = setup.json().secret as string;
    secrets.push(secret);
    expectCleanLog('TOTP setup');

    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const enableCode = totp.generate({ timestamp: Date.now() - 30_000 });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(account),
      payload: { code: enableCode },
    });
    expect(enable.statusCode).toBe(200);
    secrets.push(...(enable.json().recoveryCodes as string[]));
    expectCleanLog('TOTP enable');

    const challenge = (await login(t, account.body.email, TEST_PASSWORD)).json().challengeToken;
    secrets.push(challenge);
    expectCleanLog('sign-in challenge');

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/totp',
      payload: { challengeToken: challenge, code: totp.generate() },
    });
    expect(signedIn.statusCode).toBe(200);
    secrets.push(signedIn.json().token, signedIn.json().csrfToken);
    expectCleanLog('TOTP sign-in');

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.body.email },
    });
    // forgot-password sends in the background (so its timing says nothing): wait for the mail.
    const resetMail = await vi.waitFor(async () => {
      const mail = (await t.app.services.mail.outbox()).find((m) => m.subject.includes('Reset'));
      if (!mail) throw new Error('no reset mail yet');
      return mail;
    });
    const resetToken = tokenFromLink(resetMail.links[0]!);
    secrets.push(resetToken);
    // The mail log line names the links, with their tokens hidden.
    expect(lines.join('')).toContain('/reset-password/[redacted]');
    expectCleanLog('forgot password');

    const newPassword = 'Orchid-compass-lumen-71';
    secrets.push(newPassword);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    await t.app.inject({ url: `/reset-password/${resetToken}` });
    expectCleanLog('password reset');
    expect(lines.length).toBeGreaterThan(20);
  });
});
