import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { loggerOptions } from '../../logger.js';
import {
  STRONG_PASSWORD,
  bearer,
  lastMailTo,
  login,
  signUp,
  tokenFromLink,
} from './auth.test-support.js';

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

  it('keeps passwords, tokens, secrets and codes out of the log', async () => {
    const secrets: string[] = [STRONG_PASSWORD];
    const account = await signUp(t);
    secrets.push(account.token, account.csrfToken);
    const verifyToken = tokenFromLink((await lastMailTo(t, account.body.email)).link);
    secrets.push(verifyToken);
    // Tokens in URLs too: a verification link opened with the token in the query.
    await t.app.inject({ url: `/auth/callback?token=${verifyToken}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(account),
      payload: { token: verifyToken },
    });
    await login(t, account.body.email, 'A-wrong-password-123');
    secrets.push('A-wrong-password-123');

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: bearer(account),
    });
    const secret = setup.json().secret as string;
    secrets.push(secret);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const enableCode = totp.generate({ timestamp: Date.now() - 30_000 });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(account),
      payload: { code: enableCode },
    });
    secrets.push(...(enable.json().recoveryCodes as string[]));
    const challenge = (await login(t, account.body.email, STRONG_PASSWORD)).json().challengeToken;
    secrets.push(challenge);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/totp',
      payload: { challengeToken: challenge, code: totp.generate() },
    });
    secrets.push(signedIn.json().token, signedIn.json().csrfToken);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.body.email },
    });
    const resetMail = (await t.app.services.mail.outbox()).find((m) => m.subject.includes('Reset'));
    const resetToken = tokenFromLink(resetMail!.links[0]!);
    secrets.push(resetToken);
    const newPassword = 'Orchid-compass-lumen-71';
    secrets.push(newPassword);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: newPassword },
    });
    await t.app.inject({ url: `/reset-password/${resetToken}` });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    // The mail log line names the links, with their tokens hidden.
    expect(log).toContain('/auth/callback?token=[redacted]');
    expect(log).toContain('/reset-password/[redacted]');
    for (const s of secrets) expect(log, `log contains ${s.slice(0, 6)}…`).not.toContain(s);
  });
});
