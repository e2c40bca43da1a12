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

describe(`site: feature flags at run time and the feed's posts (${testEngine})`, () => {
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
    const posts = await t.app.inject({
      url: '/api/admin/site/feed-posts',
      headers: collector.headers,
    });
    expect(posts.statusCode).toBe(403);
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

  it('staff set the feed posts shown without an X token: add, reorder, remove, audited', async () => {
    const post = (id: string, text: string) => ({
      id,
      text,
      created_at: '2026-11-01T12:00:00Z',
      tweet_url: `https://x.com/GrailMachine/status/${id}`,
      user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '' },
      entities: { urls: [], mentions: [], hashtags: [] },
      media: [],
      public_metrics: { reply_count: 0, retweet_count: 0, like_count: 0 },
    });
    const put = (posts: object[], who: TestUser = admin) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/site/feed-posts',
        headers: who.headers,
        payload: { posts },
      });
    const feedIds = async () =>
      ((await t.app.inject({ url: '/api/twitter/feed' })).json().tweets as { id: string }[]).map(
        (p) => p.id,
      );
    const demo = await feedIds();
    expect(demo.length).toBeGreaterThan(0);

    expect((await put([post('1', 'a')], collector)).statusCode).toBe(403);
    const listed = await t.app.inject({
      url: '/api/admin/site/feed-posts',
      headers: admin.headers,
    });
    expect(listed.json()).toEqual({ posts: [], readsFromX: false });

    // The older post first: the order staff choose, not the dates.
    const first = await put([post('222', 'Second'), post('111', 'First')]);
    expect(first.statusCode).toBe(200);
    expect(first.json().posts.map((p: { id: string }) => p.id)).toEqual(['222', '111']);
    expect(await feedIds()).toEqual(['222', '111']);
    await put([post('111', 'First'), post('333', 'Third')]);
    expect(await feedIds()).toEqual(['111', '333']);
    const repeated = await put([post('111', 'x'), post('111', 'y')]);
    expect(repeated.statusCode).toBe(400);
    await put([]);
    expect(await feedIds()).toEqual(demo);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.feedPosts'));
    expect(entries.map((e) => e.after)).toEqual([
      { posts: ['222: Second', '111: First'] },
      { posts: ['111: First', '333: Third'] },
      { posts: [] },
    ]);
    expect(entries[1]!.before).toEqual({ posts: ['222: Second', '111: First'] });
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
