import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  FAKE_BOT_TOKEN,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeDiscordApi,
  type FakeDiscordApi,
} from '../../../test/fakes/fake-discord-api.js';
import { discordLinks, outboxMessages, users } from '../../db/schema/index.js';
import { SealedBox } from '../../lib/sealed-box.js';
import { RetryLater } from '../outbox/outbox.service.js';
import { DiscordClient } from './discord.client.js';
import { DISCORD_TOKEN_PURPOSE, GRAIL_PULL_TARGET } from './discord.service.js';

const GUILD = '1300000000000000001';
const ROLE = '1400000000000000001';

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`discord: linking, roles and grail announcements (${testEngine})`, () => {
  let t: TestApp;
  let fake: FakeDiscordApi;

  beforeAll(async () => {
    fake = await startFakeDiscordApi();
    t = await createTestApp({
      env: {
        DISCORD_INTEGRATION: 'true',
        DISCORD_API_BASE_URL: fake.baseUrl,
        DISCORD_CLIENT_ID: FAKE_CLIENT_ID,
        DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
        DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
        DISCORD_GUILD_ID: GUILD,
        DISCORD_COLLECTOR_ROLE_ID: ROLE,
        DISCORD_WEBHOOK_URL: fake.webhookUrl,
        DISCORD_GRAIL_THRESHOLD: '40',
        PUBLIC_URL: 'http://grail.test',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const start = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/discord/link',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().authorizeUrl as string);
  };
  const callback = (user: TestUser, query: Record<string, string>) =>
    t.app.inject({
      url: `/api/discord/callback?${new URLSearchParams(query).toString()}`,
      headers: { authorization: user.headers.authorization! },
    });
  const linkOf = async (userId: string) =>
    (await t.database.db.select().from(discordLinks).where(eq(discordLinks.userId, userId)))[0];

  it('links an account through OAuth2: state checked and single use, tokens sealed, guild joined with the Collector role', async () => {
    const collector = await createUser(t);
    const authorize = await start(collector);
    expect(authorize.origin + authorize.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(authorize.searchParams.get('scope')).toBe('identify guilds.join');
    expect(authorize.searchParams.get('client_id')).toBe(FAKE_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://grail.test/api/discord/callback',
    );
    const state = authorize.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    fake.codes.set('code-casey', { id: '3000000000000000001', username: 'casey' });

    // A state this session did not start (forged, or another collector's) links nothing.
    const forged = await callback(collector, { code: 'code-casey', state: 'not-the-state' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/dashboard?tab=settings&discord=refused');
    const other = await createUser(t);
    const stolen = await callback(other, { code: 'code-casey', state });
    expect(stolen.headers.location).toBe('/dashboard?tab=settings&discord=refused');
    expect(fake.requests.filter((r) => r.path === '/oauth2/token')).toHaveLength(0);
    expect(await linkOf(collector.id)).toBeUndefined();
    expect(await linkOf(other.id)).toBeUndefined();

    const linked = await callback(collector, { code: 'code-casey', state });
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe('/discord-grail-success');

    const link = (await linkOf(collector.id))!;
    expect(link).toMatchObject({ discordUserId: '3000000000000000001', discordUsername: 'casey' });
    expect(link.accessTokenEnc).not.toContain('access-');
    const box = new SealedBox(t.config.APP_SECRET!, DISCORD_TOKEN_PURPOSE);
    const access = box.open(link.accessTokenEnc).toString();
    expect(access).toMatch(/^access-3000000000000000001-/);
    expect(box.open(link.refreshTokenEnc!).toString()).toBe('refresh-3000000000000000001');
    const join = fake.requests.find((r) => r.method === 'PUT' && r.path.includes('/members/'))!;
    expect(join).toMatchObject({
      path: `/guilds/${GUILD}/members/3000000000000000001`,
      authorization: `Bot ${FAKE_BOT_TOKEN}`,
      body: { access_token: access, roles: [ROLE] },
    });
    expect(fake.members.get('3000000000000000001')).toEqual(new Set([ROLE]));

    // The state is used up.
    fake.codes.set('code-again', { id: '3000000000000000001', username: 'casey' });
    const replay = await callback(collector, { code: 'code-again', state });
    expect(replay.headers.location).toBe('/dashboard?tab=settings&discord=refused');

    const status = await t.app.inject({ url: '/api/discord', headers: collector.headers });
    expect(status.json()).toMatchObject({
      available: true,
      linked: true,
      username: 'casey',
      serverUrl: `https://discord.com/channels/${GUILD}`,
    });

    const unlink = await t.app.inject({
      method: 'DELETE',
      url: '/api/discord/link',
      headers: collector.headers,
    });
    expect(unlink.statusCode).toBe(204);
    expect(await linkOf(collector.id)).toBeUndefined();
    const after = await t.app.inject({ url: '/api/discord', headers: collector.headers });
    expect(after.json()).toMatchObject({ linked: false, username: null });
  });

  it('gives an existing guild member the Collector role on its own', async () => {
    const collector = await createUser(t);
    fake.members.set('3000000000000000002', new Set());
    const state = (await start(collector)).searchParams.get('state')!;
    fake.codes.set('code-member', { id: '3000000000000000002', username: 'member' });
    const res = await callback(collector, { code: 'code-member', state });
    expect(res.headers.location).toBe('/discord-grail-success');
    expect(fake.members.get('3000000000000000002')).toEqual(new Set([ROLE]));
  });

  it('announces a pull above DISCORD_GRAIL_THRESHOLD through the webhook, in the pull transaction, honouring anonymity', async () => {
    // Two cards: $5.00 and $42.00 FMV; only the second is above the $40 threshold.
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 2,
      packPrice: 10,
    });
    const buyer = await createUser(t);
    await t.database.db.update(users).set({ pullsAnonymous: true }).where(eq(users.id, buyer.id));
    await fund(t.database, buyer.id, 100_00);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/grail-cases/${caseId}/packs`,
        headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload}->>'target' = ${GRAIL_PULL_TARGET}`);
    expect(rows).toHaveLength(1);
    await until(async () =>
      fake.requests.some((r) => r.method === 'POST' && r.path.startsWith('/webhooks/')),
    );
    const post = fake.requests.find((r) => r.path.startsWith('/webhooks/'))!;
    const embed = (post.body as { embeds: Array<Record<string, unknown>> }).embeds[0]!;
    expect(embed.title).toBe('Grail pulled: Test Card 2');
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: 'FMV', value: '$42.00', inline: true },
        { name: 'Pulled by', value: 'Anonymous', inline: true },
      ]),
    );
    await until(
      async () =>
        (
          await t.database.db
            .select()
            .from(outboxMessages)
            .where(eq(outboxMessages.id, rows[0]!.id))
        )[0]!.status === 'sent',
    );
  });
});

describe('discord client: 429 retry_after', () => {
  let fake: FakeDiscordApi;
  beforeAll(async () => {
    fake = await startFakeDiscordApi();
  });
  afterAll(() => fake.close());

  it('waits out a short retry_after and then delivers', async () => {
    const client = new DiscordClient({ baseUrl: fake.baseUrl });
    fake.requests.length = 0;
    fake.rateLimited = 2;
    fake.retryAfter = 0.25;
    const started = Date.now();
    await client.executeWebhook(fake.webhookUrl, { content: 'hello' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
    expect(fake.requests).toHaveLength(3);
  });

  it('leaves a long retry_after to the outbox (RetryLater with the wait Discord asked for)', async () => {
    const client = new DiscordClient({ baseUrl: fake.baseUrl });
    fake.requests.length = 0;
    fake.rateLimited = 1;
    fake.retryAfter = 30.5;
    const started = Date.now();
    const err = await client.executeWebhook(fake.webhookUrl, { content: 'hello' }).catch((e) => e);
    expect(err).toBeInstanceOf(RetryLater);
    expect((err as RetryLater).retryAfterMs).toBe(30_500);
    expect(String((err as Error).message)).not.toContain('fake-webhook-token');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fake.requests).toHaveLength(1);
  });
});

describe(`discord: flag off (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DISCORD_INTEGRATION: 'false' } });
  });
  afterAll(() => t.close());

  it('answers 404 on every Discord route', async () => {
    const user = await createUser(t);
    for (const [method, url] of [
      ['GET', '/api/discord'],
      ['POST', '/api/discord/link'],
      ['DELETE', '/api/discord/link'],
      ['GET', '/api/discord/callback?code=a&state=b'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: user.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    }
  });
});
