import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_WRITE_MESSAGE } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/users.js';

describe(`maintenance mode pauses writes (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  let collector: TestUser;
  const setMaintenance = (who: TestUser, isEnabled: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: who.headers,
      payload: { isEnabled },
    });
  const changeSeed = (who: TestUser) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/pulls/preferences',
      headers: who.headers,
      payload: { clientSeed: 'my-own-seed', pullsAnonymous: false },
    });

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('only staff switch it, at run time, and every instance reads it from the database', async () => {
    expect((await setMaintenance(collector, true)).statusCode).toBe(403);
    const on = await setMaintenance(staff, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ isEnabled: true, startedAt: expect.any(String) });
    const status = await t.app.inject({ url: '/api/maintenance/status' });
    expect(status.json().data).toEqual({ isEnabled: true, startedAt: expect.any(String) });
    // Staff keep the site so they can end it from the console.
    const forStaff = await t.app.inject({ url: '/api/maintenance/status', headers: staff.headers });
    expect(forStaff.json().data.staffAccess).toBe(true);
    const forCollector = await t.app.inject({
      url: '/api/maintenance/status',
      headers: collector.headers,
    });
    expect(forCollector.json().data.staffAccess).toBeUndefined();
  });

  it("answers a collector's write with 503 in the error format and writes nothing", async () => {
    const res = await changeSeed(collector);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      message: MAINTENANCE_WRITE_MESSAGE,
      error: 'Service Unavailable',
    });
    const prefs = await t.app.inject({ url: '/api/pulls/preferences', headers: collector.headers });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().clientSeed).not.toBe('my-own-seed');
  });

  it('keeps reads, sign-in and staff writes open', async () => {
    expect((await t.app.inject({ url: '/api/grail-cases' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await changeSeed(staff)).statusCode).toBe(200);
  });

  it('reopens writes when staff switch it off', async () => {
    expect((await setMaintenance(staff, false)).statusCode).toBe(200);
    expect((await changeSeed(collector)).statusCode).toBe(200);
  });
});
