import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { STAFF_TWO_FACTOR_REQUIRED } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser } from '../../../test/users.js';
import { users } from '../../db/schema/index.js';

describe(`auth: the staff console requires two-factor (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A staff member as admin:create or admin:grant leaves them: no two-factor yet. */
  async function staffWithoutTotp() {
    const staff = await createUser(t, { role: 'admin' });
    await t.database.db
      .update(users)
      .set({ totpEnabledAt: null, totpSecretEnc: null })
      .where(eq(users.id, staff.id));
    return staff;
  }

  const adminReads = ['/api/admin/audit', '/api/admin/users'];

  it('refuses every staff endpoint with 403 and a clear reason until two-factor is on, then opens', async () => {
    const staff = await staffWithoutTotp();
    for (const url of adminReads) {
      const res = await t.app.inject({ url, headers: staff.headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        message: STAFF_TWO_FACTOR_REQUIRED,
        error: 'Forbidden',
        reason: 'two_factor_required',
      });
    }
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: staff.headers,
      payload: { isEnabled: true },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().reason).toBe('two_factor_required');
    expect((await t.app.services.maintenance.status()).isEnabled).toBe(false);

    // Setting it up is open to them (it is not a staff endpoint).
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: staff.headers,
    });
    expect(setup.statusCode).toBe(200);
    const code = new TOTP({ secret: Secret.fromBase32(setup.json().secret) }).generate();
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: staff.headers,
      payload: { code },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    for (const url of adminReads) {
      const res = await t.app.inject({ url, headers: staff.headers });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('a collector is still told the console is for administrators only', async () => {
    const collector = await createUser(t);
    const res = await t.app.inject({ url: '/api/admin/audit', headers: collector.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Administrators only.');
  });
});
