import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app.js';
import { createTestApp, testConfig, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { auditLog } from '../../db/schema/index.js';

/** Polls until `check` holds: another instance hears the change by NOTIFY, a moment later. */
async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`site: feature flags at run time (${testEngine})`, () => {
  let t: TestApp;
  let other: App;
  let admin: TestUser;
  let collector: TestUser;
  const setFlag = (flag: string, enabled: boolean, who: TestUser = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/site/flags/${flag}`,
      headers: who.headers,
      payload: { enabled },
    });
  const breaksStatus = async (app: App) => (await app.inject({ url: '/api/breaks' })).statusCode;
  const configFlags = async (app: App) =>
    (await app.inject({ url: '/api/config' })).json().flags as Record<string, boolean>;

  beforeAll(async () => {
    // The test environment's default: every flag off.
    t = await createTestApp();
    // A second instance on the same database, as behind a load balancer.
    other = await buildApp({
      config: testConfig(),
      database: t.database,
      logger: false,
      webDistDir: '/nonexistent-web-dist',
    });
    await other.ready();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/site/flags' })).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/admin/site/flags', headers: collector.headers });
    expect(list.statusCode).toBe(403);
    const set = await setFlag('BREAKS_ENABLED', true, collector);
    expect(set.statusCode).toBe(403);
    expect(set.json()).toEqual({ message: 'Administrators only.', error: 'Forbidden' });
    expect(await breaksStatus(t.app)).toBe(404);
  });

  it('lists each flag with its environment default', async () => {
    const res = await t.app.inject({ url: '/api/admin/site/flags', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toEqual([
      {
        flag: 'BREAKS_ENABLED',
        enabled: false,
        environmentDefault: false,
        changedAt: null,
        changedBy: null,
      },
      {
        flag: 'ADVANCED_ANALYTICS',
        enabled: false,
        environmentDefault: false,
        changedAt: null,
        changedBy: null,
      },
      {
        flag: 'DISCORD_INTEGRATION',
        enabled: false,
        environmentDefault: false,
        changedAt: null,
        changedBy: null,
      },
    ]);
    const unknown = await setFlag('NO_SUCH_FLAG', true);
    expect(unknown.statusCode).toBe(400);
  });

  it('a change turns routes and the public config on and off on every instance, audited', async () => {
    expect(await breaksStatus(t.app)).toBe(404);
    expect(await breaksStatus(other)).toBe(404);

    const on = await setFlag('BREAKS_ENABLED', true);
    expect(on.statusCode).toBe(200);
    expect(on.json().flags[0]).toMatchObject({
      flag: 'BREAKS_ENABLED',
      enabled: true,
      environmentDefault: false,
      changedBy: admin.email,
    });
    expect(await breaksStatus(t.app)).toBe(200);
    expect((await configFlags(t.app)).BREAKS_ENABLED).toBe(true);
    await eventually(async () => (await breaksStatus(other)) === 200);
    expect((await configFlags(other)).BREAKS_ENABLED).toBe(true);

    await setFlag('BREAKS_ENABLED', false);
    expect(await breaksStatus(t.app)).toBe(404);
    await eventually(async () => (await breaksStatus(other)) === 404);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.flag'), eq(auditLog.subjectId, 'BREAKS_ENABLED')));
    expect(entries.map((e) => [e.actorId, e.before, e.after])).toEqual([
      [admin.id, { enabled: false }, { enabled: true }],
      [admin.id, { enabled: true }, { enabled: false }],
    ]);
  });

  it('a new instance starts with the stored value, not the environment default', async () => {
    await setFlag('DISCORD_INTEGRATION', true);
    const fresh = await buildApp({
      config: testConfig(),
      database: t.database,
      logger: false,
      webDistDir: '/nonexistent-web-dist',
    });
    await fresh.ready();
    try {
      expect(fresh.flagOn('DISCORD_INTEGRATION')).toBe(true);
      expect((await configFlags(fresh)).DISCORD_INTEGRATION).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
