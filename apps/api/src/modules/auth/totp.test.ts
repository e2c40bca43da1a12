import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { bearer, login, signUp } from '../../../test/fixtures/auth.js';
import { TEST_PASSWORD } from '../../../test/users.js';

/** What an authenticator app would show for `secret` at `offsetSteps` 30 s steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/**
 * Waits until at least 8 s are left in the current 30 s step. A code computed here
 * and checked by the server a moment later would otherwise be one step older than
 * the test meant when a step boundary falls in between.
 */
async function clearOfStepEdge() {
  const leftMs = 30_000 - (Date.now() % 30_000);
  if (leftMs < 8_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
}

describe(`auth: TOTP two-factor (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  /** A signed-up user with TOTP on; answers the secret and the recovery codes. */
  async function withTotp() {
    await clearOfStepEdge();
    const account = await signUp(t);
    const setup = await post('/api/auth/totp/setup', bearer(account));
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    // Enable with the previous step's code, so "now" and "next" stay free for the sign-in tests.
    const enable = await post('/api/auth/totp/enable', bearer(account), {
      code: codeAt(secret, -1),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    return { account, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
  }

  const startLogin = async (email: string) => {
    const res = await login(t, email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    return res;
  };
  const totpStep = (challengeToken: string, code: string) =>
    post('/api/auth/login/totp', {}, { challengeToken, code });

  it('sets up with a QR code and otpauth URL, stores the secret encrypted, enables on a right code', async () => {
    const account = await signUp(t);
    const setup = await post('/api/auth/totp/setup', bearer(account));
    const body = setup.json() as { otpauthUrl: string; qrCodeDataUrl: string; secret: string };
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Grail%20Machine:.+\?.*secret=/);
    expect(body.otpauthUrl).toContain('period=30');
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row!.totpSecretEnc).toBeTruthy();
    expect(row!.totpSecretEnc).not.toContain(body.secret);
    expect(row!.totpEnabledAt).toBeNull();

    const wrong = await post('/api/auth/totp/enable', bearer(account), { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('code');
    const notDigits = await post('/api/auth/totp/enable', bearer(account), { code: 'abcdef' });
    expect(notDigits.statusCode).toBe(400);

    const ok = await post('/api/auth/totp/enable', bearer(account), { code: codeAt(body.secret) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes: codes, user } = ok.json() as {
      recoveryCodes: string[];
      user: { totpEnabled: boolean };
    };
    expect(user.totpEnabled).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.user._id));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((s) => s.codeHash).join()).not.toContain(c);
    const again = await post('/api/auth/totp/setup', bearer(account));
    expect(again.statusCode).toBe(409);
  });

  it('asks for a code after the password, with no session yet; then signs in with a new session', async () => {
    const { account, secret } = await withTotp();
    const first = await startLogin(account.body.email);
    expect(Object.keys(first.json()).sort()).toEqual(['challengeToken', 'totpRequired']);
    expect(first.json().totpRequired).toBe(true);
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const res = await totpStep(first.json().challengeToken, codeAt(secret));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.totpEnabled).toBe(true);
    expect(res.json().token).not.toBe(account.token);
    const me = await t.app.inject({ url: '/api/auth/current', headers: bearer(res.json()) });
    expect(me.statusCode).toBe(200);
    // The challenge is spent.
    const reuse = await totpStep(first.json().challengeToken, codeAt(secret, 1));
    expect(reuse.statusCode).toBe(401);
  });

  it('refuses a replayed code (401), even on a fresh challenge, but takes the next step', async () => {
    const { account, secret } = await withTotp();
    const code = codeAt(secret);
    const a = await startLogin(account.body.email);
    expect((await totpStep(a.json().challengeToken, code)).statusCode).toBe(200);
    const b = await startLogin(account.body.email);
    const replay = await totpStep(b.json().challengeToken, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid or already used code');
    // An older step than the last accepted one is a replay too.
    expect((await totpStep(b.json().challengeToken, codeAt(secret, -1))).statusCode).toBe(401);
    expect((await totpStep(b.json().challengeToken, codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('refuses codes outside ±1 step', async () => {
    const { account, secret } = await withTotp();
    const a = await startLogin(account.body.email);
    expect((await totpStep(a.json().challengeToken, codeAt(secret, 3))).statusCode).toBe(401);
    expect((await totpStep(a.json().challengeToken, codeAt(secret, -3))).statusCode).toBe(401);
  });

  it('takes each recovery code once (any case, with or without the dash)', async () => {
    const { account, recoveryCodes: codes } = await withTotp();
    const a = await startLogin(account.body.email);
    const ok = await totpStep(a.json().challengeToken, codes[0]!.toLowerCase().replace('-', ''));
    expect(ok.statusCode).toBe(200);
    const b = await startLogin(account.body.email);
    expect((await totpStep(b.json().challengeToken, codes[0]!)).statusCode).toBe(401);
    expect((await totpStep(b.json().challengeToken, codes[1]!)).statusCode).toBe(200);
  });

  it('ends a challenge after 5 wrong codes: 429, and even a right code is then refused', async () => {
    const { account, secret } = await withTotp();
    const { challengeToken } = (await startLogin(account.body.email)).json();
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await totpStep(challengeToken, '000000')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const after = await totpStep(challengeToken, codeAt(secret));
    expect(after.statusCode).toBe(429);
    expect(after.json().message).toBe('Too many wrong codes. Please sign in again.');
    expect(after.headers['retry-after']).toBeDefined();
  });

  it('refuses an unknown challenge and bad bodies', async () => {
    expect((await totpStep('made-up', '123456')).statusCode).toBe(401);
    for (const payload of [{}, { challengeToken: 'x' }, { challengeToken: 'x', code: '1' }]) {
      const res = await post('/api/auth/login/totp', {}, payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it('turns off only with the password and a current code', async () => {
    const { account, secret } = await withTotp();
    const disable = (payload: object) => post('/api/auth/totp/disable', bearer(account), payload);
    const noPw = await disable({ password: 'Wrong-password-here-1', code: codeAt(secret) });
    expect(noPw.statusCode).toBe(400);
    expect(noPw.json().field).toBe('password');
    const badCode = await disable({ password: TEST_PASSWORD, code: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().field).toBe('code');
    const ok = await disable({ password: TEST_PASSWORD, code: codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.totpEnabled).toBe(false);
    const direct = await startLogin(account.body.email);
    expect(direct.json().token).toBeTruthy();
    const left = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.user._id));
    expect(left).toHaveLength(0);
  });

  it('needs a session and a CSRF token for set-up', async () => {
    // Who the caller is comes first: a visitor is told to sign in, whatever else is missing.
    expect((await post('/api/auth/totp/setup', {})).statusCode).toBe(401);
    const account = await signUp(t);
    const noCsrf = await post('/api/auth/totp/setup', { authorization: `Bearer ${account.token}` });
    expect(noCsrf.statusCode).toBe(403);
  });
});
