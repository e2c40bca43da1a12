import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { XPost } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { xFeedCache } from '../../db/schema/index.js';
import { startFakeXApi, type FakeXApi } from '../../../test/fakes/fake-x-api.js';
import { FeedService } from './feed.service.js';

const cp = (text: string, start: number, end: number) =>
  Array.from(text).slice(start, end).join('');

/** Every entity of a post covers exactly the words it links. */
function expectEntitiesOnTheirWords(post: XPost) {
  for (const u of post.entities.urls) expect(cp(post.text, u.start, u.end)).toMatch(/^\S+$/);
  for (const m of post.entities.mentions)
    expect(cp(post.text, m.start, m.end)).toBe(`@${m.username}`);
  for (const h of post.entities.hashtags) expect(cp(post.text, h.start, h.end)).toBe(`#${h.tag}`);
}

const warnings = () => {
  const seen: string[] = [];
  return { seen, log: { warn: (_obj: unknown, msg?: string) => void seen.push(msg ?? '') } };
};

describe(`X feed from the X API on ${testEngine}`, () => {
  let fake: FakeXApi;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeXApi();
    t = await createTestApp({
      env: { X_BEARER_TOKEN: 'test-bearer-token', X_API_BASE_URL: fake.baseUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.mode = 'ok';
    fake.delayAllMs = 0;
    fake.requests.length = 0;
    await t.database.db.delete(xFeedCache);
  });

  const getFeed = async () => {
    const res = await t.app.inject('/api/twitter/feed');
    expect(res.statusCode).toBe(200);
    return (res.json() as { tweets: XPost[] }).tweets;
  };
  /** As if the 5 minutes (or a back-off) had passed. */
  const expireCache = () =>
    t.database.db.update(xFeedCache).set({ nextRefreshAt: sql`now() - interval '1 second'` });
  const cacheRow = async () =>
    (
      await t.database.db.select().from(xFeedCache).where(eq(xFeedCache.username, 'GrailMachine'))
    )[0]!;

  it('looks the profile up, reads its posts with the expansions and answers posts with text, author, entities, media and metrics', async () => {
    const tweets = await getFeed();

    expect(fake.requests.map((r) => r.path)).toEqual([
      '/2/users/by/username/GrailMachine',
      '/2/users/1600000000000000001/tweets',
    ]);
    expect(fake.requests.every((r) => r.authorization === 'Bearer test-bearer-token')).toBe(true);
    const postsQuery = fake.requests[1]!.query;
    expect(postsQuery.get('expansions')).toContain('author_id');
    expect(postsQuery.get('expansions')).toContain('attachments.media_keys');
    expect(postsQuery.get('tweet.fields')).toContain('public_metrics');
    expect(postsQuery.get('media.fields')).toContain('alt_text');

    expect(tweets).toHaveLength(2);
    const [first, second] = tweets as [XPost, XPost];
    // Escapes are turned back and the media link X appends is dropped.
    expect(first.text).toBe(
      '🏈🔥 Pulled a BGS 9.5 & a PSA 10 from @GrailMachine tonight <3 https://t.co/AbC123xyz #TheHobby #Grails',
    );
    expect(first).toMatchObject({
      id: '1860000000000000002',
      created_at: '2026-11-21T19:04:11.000Z',
      tweet_url: 'https://x.com/GrailMachine/status/1860000000000000002',
      user: {
        name: 'Grail Machine',
        username: 'GrailMachine',
        profile_image_url:
          'https://pbs.twimg.com/profile_images/1600000000000000001/avatar_normal.jpg',
      },
      public_metrics: { reply_count: 3, retweet_count: 12, like_count: 240 },
      media: [
        {
          media_key: '3_1860000000000000100',
          url: 'https://pbs.twimg.com/media/GrailPull1.jpg',
          alt_text: 'A BGS 9.5 card in its slab',
          type: 'photo',
        },
        {
          media_key: '7_1860000000000000101',
          url: 'https://pbs.twimg.com/ext_tw_video_thumb/1/pu/img/clip.jpg',
          alt_text: null,
          type: 'video',
        },
      ],
    });
    // Offsets stay code points: the emoji before them count one each, and the escapes shrank.
    expect(first.entities.urls).toEqual([
      {
        start: 61,
        end: 83,
        expanded_url: 'https://grailmachine.example/grail-machine',
        display_url: 'grailmachine.example/grail-mac…',
      },
    ]);
    expect(cp(first.text, 61, 83)).toBe('https://t.co/AbC123xyz');
    expect(first.entities.mentions).toEqual([{ start: 36, end: 49, username: 'GrailMachine' }]);
    expect(first.entities.hashtags.map((h) => h.tag)).toEqual(['TheHobby', 'Grails']);
    expectEntitiesOnTheirWords(first);
    expect(second).toMatchObject({
      text: 'Case 12 is live. Packs are $25 with a $30 floor, thanks @CardShopLive!',
      media: [],
      entities: { urls: [], hashtags: [], mentions: [{ username: 'CardShopLive' }] },
      public_metrics: { reply_count: 0, retweet_count: 0, like_count: 7 },
    });
    expectEntitiesOnTheirWords(second);
  });

  it('keeps the answer in the database for 5 minutes, then asks X again', async () => {
    await getFeed();
    await getFeed();
    await getFeed();
    expect(fake.requests).toHaveLength(2);
    const row = await cacheRow();
    const freshForMs = row.nextRefreshAt.getTime() - row.fetchedAt!.getTime();
    expect(freshForMs).toBeGreaterThan(299_000);
    expect(freshForMs).toBeLessThanOrEqual(300_000);

    await expireCache();
    expect(await getFeed()).toHaveLength(2);
    // The profile id is kept, so a refresh is one request (X's lookup quota is small).
    expect(fake.requests.map((r) => r.path).slice(2)).toEqual([
      '/2/users/1600000000000000001/tweets',
    ]);
  });

  it('shares the cache between instances: a second instance serves it without calling X', async () => {
    await getFeed();
    const otherInstance = new FeedService(t.database.db, {
      username: 'GrailMachine',
      bearerToken: 'test-bearer-token',
      baseUrl: fake.baseUrl,
    });
    expect(await otherInstance.feed()).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });

  it('never has more than one upstream request in flight, within or across instances', async () => {
    fake.delayAllMs = 150;
    const otherInstance = new FeedService(t.database.db, {
      username: 'GrailMachine',
      bearerToken: 'test-bearer-token',
      baseUrl: fake.baseUrl,
    });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => getFeed()),
      ...Array.from({ length: 4 }, () => otherInstance.feed()),
    ]);
    // One lookup and one posts call in total; every reader waited for that one answer.
    expect(fake.requests).toHaveLength(2);
    expect(answers.map((a) => a.length)).toEqual(Array(12).fill(2));
    expect((await cacheRow()).leaseUntil).toBeNull();
  });

  it('on a 429 serves the last good copy and waits for the reset X announced', async () => {
    await getFeed();
    await expireCache();
    fake.mode = 'rate-limited';
    fake.rateLimitReset = Math.floor(Date.now() / 1000) + 900;
    fake.requests.length = 0;

    const tweets = await getFeed();
    expect(tweets.map((p) => p.id)).toEqual(['1860000000000000002', '1860000000000000001']);
    expect(fake.requests).toHaveLength(1);
    const row = await cacheRow();
    expect(row.nextRefreshAt.getTime()).toBe(fake.rateLimitReset * 1000);
    expect(row.lastError).toBe('X API rate limit reached');

    // Until the reset, nobody asks X again.
    fake.mode = 'ok';
    await getFeed();
    expect(fake.requests).toHaveLength(1);
  });

  it('on a 500 serves the last good copy and logs a warning', async () => {
    const feed = new FeedService(t.database.db, {
      username: 'GrailMachine',
      bearerToken: 'test-bearer-token',
      baseUrl: fake.baseUrl,
    });
    await feed.feed();
    await expireCache();
    fake.mode = 'server-error';
    const { seen, log } = warnings();
    expect(await feed.feed(log)).toHaveLength(2);
    expect(seen).toEqual(['X feed refresh failed; serving the last good copy']);
    expect((await cacheRow()).lastError).toBe('X API answered 500');
  });

  it('with no earlier copy, a 500 gives an empty feed, a warning, and a back-off', async () => {
    fake.mode = 'server-error';
    const feed = new FeedService(t.database.db, {
      username: 'GrailMachine',
      bearerToken: 'test-bearer-token',
      baseUrl: fake.baseUrl,
    });
    const { seen, log } = warnings();
    expect(await feed.feed(log)).toEqual([]);
    expect(seen).toEqual([
      'X feed refresh failed and no earlier copy exists; serving an empty feed',
    ]);
    expect(await getFeed()).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    const row = await cacheRow();
    expect(row.nextRefreshAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('gives up on a slow X after the timeout instead of holding the page', async () => {
    fake.mode = 'slow';
    fake.slowMs = 2_000;
    const feed = new FeedService(t.database.db, {
      username: 'GrailMachine',
      bearerToken: 'test-bearer-token',
      baseUrl: fake.baseUrl,
      timeoutMs: 200,
    });
    const { seen, log } = warnings();
    const started = Date.now();
    expect(await feed.feed(log)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(seen).toHaveLength(1);
    expect((await cacheRow()).lastError).toBe('X API did not answer within 200 ms');
  });

  it('treats malformed JSON as a failure and keeps serving', async () => {
    await getFeed();
    await expireCache();
    fake.mode = 'malformed';
    expect(await getFeed()).toHaveLength(2);
    expect((await cacheRow()).lastError).toBe('X API answered malformed JSON');
  });

  it('looks the profile up again after X no longer knows the kept id', async () => {
    await getFeed();
    await expireCache();
    fake.mode = 'posts-not-found';
    expect(await getFeed()).toHaveLength(2);
    expect((await cacheRow()).xUserId).toBeNull();

    await expireCache();
    fake.mode = 'ok';
    fake.requests.length = 0;
    expect(await getFeed()).toHaveLength(2);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/2/users/by/username/GrailMachine',
      '/2/users/1600000000000000001/tweets',
    ]);
  });

  it('stores an empty answer as a good one', async () => {
    fake.mode = 'no-posts';
    expect(await getFeed()).toEqual([]);
    expect((await cacheRow()).lastError).toBeNull();
  });
});

describe(`X feed without a token on ${testEngine}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const id of ['1870000000000000001', '1870000000000000002']) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/feed-posts/${id}`,
        headers: admin.headers,
      });
    }
  });

  const savedPost = (
    id: string,
    createdAt: string,
    text = 'Fresh slabs just landed 🔥 #TheHobby',
  ) => ({
    id,
    text,
    created_at: createdAt,
    tweet_url: `https://x.com/GrailMachine/status/${id}`,
    user: { name: 'Grail Machine', username: 'GrailMachine', profile_image_url: '' },
    entities: { hashtags: [{ start: 26, end: 35, tag: 'TheHobby' }] },
    media: [],
    public_metrics: { reply_count: 1, retweet_count: 2, like_count: 3 },
  });
  const feed = async () =>
    ((await t.app.inject('/api/twitter/feed')).json() as { tweets: XPost[] }).tweets;

  it('serves the demo posts, whose entities sit on their words', async () => {
    const tweets = await feed();
    expect(tweets.length).toBeGreaterThanOrEqual(3);
    expect(tweets[0]!.user.username).toBe('GrailMachine');
    expect(tweets.some((p) => p.media.length > 0)).toBe(true);
    for (const post of tweets) {
      expectEntitiesOnTheirWords(post);
      for (const u of post.entities.urls) expect(cp(post.text, u.start, u.end)).toBe(u.display_url);
    }
  });

  it('serves the posts an admin saved, newest first, instead of the demo posts', async () => {
    const older = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: admin.headers,
      payload: savedPost('1870000000000000001', '2026-11-01T10:00:00Z'),
    });
    expect(older.statusCode).toBe(201);
    expect(older.json().tweet.entities).toEqual({
      urls: [],
      mentions: [],
      hashtags: [{ start: 26, end: 35, tag: 'TheHobby' }],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: admin.headers,
      payload: savedPost(
        '1870000000000000002',
        '2026-11-02T10:00:00Z',
        'Vintage slabs now listed 🔥 #TheHobby',
      ),
    });
    expect((await feed()).map((p) => p.id)).toEqual(['1870000000000000002', '1870000000000000001']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/feed-posts/1870000000000000002',
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await feed()).map((p) => p.id)).toEqual(['1870000000000000001']);
  });

  it('answers 404 for deleting a post that is not saved', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/feed-posts/1870000000000000009',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Feed post not found', error: 'Not Found' });
  });

  it('lets only admins save or delete posts', async () => {
    const payload = savedPost('1870000000000000001', '2026-11-01T10:00:00Z');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/feed-posts', payload });
    // The guard runs before the CSRF check: a caller who is not signed in learns only that.
    expect(anonymous.statusCode).toBe(401);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: { 'x-csrf-token': collector.csrfToken },
      payload,
    });
    expect(signedOut.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: collector.headers,
      payload,
    });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'Administrators only.', error: 'Forbidden' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/feed-posts/1870000000000000001',
      headers: collector.headers,
    });
    expect(del.statusCode).toBe(403);
    expect((await feed())[0]!.id).not.toBe('1870000000000000001');
  });

  it.each([
    ['0000-01-01T00:00:00Z', 'must be a time since X began'],
    ['0020-06-01T00:00:00Z', 'must be a time since X began'],
    ['9999-12-31T23:59:59Z', 'not in the future'],
    ['2026-02-30T10:00:00Z', 'must be an ISO date and time'],
  ])('refuses a post made at %s with 400 naming created_at, saving nothing', async (at, says) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: admin.headers,
      payload: savedPost('1870000000000000007', at),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'created_at' });
    expect(res.json().message).toContain(says);
    expect((await feed()).map((p) => p.id)).not.toContain('1870000000000000007');
  });

  it('rejects links that are not http(s) and entities outside the text, naming the field', async () => {
    const scriptLink = {
      ...savedPost('1870000000000000001', '2026-11-01T10:00:00Z', 'click me'),
      entities: {
        urls: [{ start: 0, end: 5, expanded_url: 'javascript:alert(1)', display_url: 'click' }],
      },
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: admin.headers,
      payload: scriptLink,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('expanded_url');

    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feed-posts',
      headers: admin.headers,
      payload: {
        ...savedPost('1870000000000000001', '2026-11-01T10:00:00Z', '🔥🔥 #Hot'),
        // 9 UTF-16 units but 7 code points: an end of 8 is outside the text.
        entities: { hashtags: [{ start: 3, end: 8, tag: 'Hot' }] },
      },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('entities');
    expect((await feed())[0]!.id).not.toBe('1870000000000000001');
  });
});
