import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Discord's API (v10) on 127.0.0.1, for tests only, speaking the routes the site
 * uses: POST /oauth2/token (authorization_code), GET /users/@me, PUT /guilds/{g}/members/{u}
 * (201 added, 204 already a member), PUT /guilds/{g}/members/{u}/roles/{r}, and POST
 * /webhooks/{id}/{token}. `rateLimited` answers the next that many calls with Discord's 429 and
 * a JSON `retry_after` in seconds. It records every request.
 */
export interface FakeDiscordRequest {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
}

export interface FakeDiscordApi {
  baseUrl: string;
  /** The webhook URL to give DISCORD_WEBHOOK_URL. */
  webhookUrl: string;
  /** Codes the token endpoint accepts, with the Discord user each one links. */
  codes: Map<string, { id: string; username: string }>;
  /** The next this many calls are answered 429 with `retryAfter` seconds. */
  rateLimited: number;
  retryAfter: number;
  requests: FakeDiscordRequest[];
  members: Map<string, Set<string>>;
  close(): Promise<void>;
}

export const FAKE_BOT_TOKEN = 'fake-bot-token';
export const FAKE_CLIENT_ID = '1100000000000000001';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

export async function startFakeDiscordApi(): Promise<FakeDiscordApi> {
  const tokens = new Map<string, { id: string; username: string }>();
  const fake: FakeDiscordApi = {
    baseUrl: '',
    webhookUrl: '',
    codes: new Map(),
    rateLimited: 0,
    retryAfter: 0.2,
    requests: [],
    members: new Map(),
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/api(\/v\d+)?/, '');
      const form = req.headers['content-type']?.includes('x-www-form-urlencoded');
      const body: unknown = !text
        ? null
        : form
          ? Object.fromEntries(new URLSearchParams(text))
          : JSON.parse(text);
      fake.requests.push({
        method: req.method ?? 'GET',
        path,
        authorization: req.headers.authorization,
        body,
      });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (fake.rateLimited > 0) {
        fake.rateLimited--;
        return json(429, {
          message: 'You are being rate limited.',
          retry_after: fake.retryAfter,
          global: false,
        });
      }
      const bot = req.headers.authorization === `Bot ${FAKE_BOT_TOKEN}`;
      let m: RegExpMatchArray | null;
      if (req.method === 'POST' && path === '/oauth2/token') {
        const f = body as Record<string, string>;
        const user = fake.codes.get(f.code ?? '');
        if (
          f.grant_type !== 'authorization_code' ||
          f.client_id !== FAKE_CLIENT_ID ||
          f.client_secret !== FAKE_CLIENT_SECRET ||
          !user
        )
          return json(400, { error: 'invalid_grant' });
        fake.codes.delete(f.code!);
        const access = `access-${user.id}-${Math.random().toString(36).slice(2)}`;
        tokens.set(access, user);
        return json(200, {
          access_token: access,
          refresh_token: `refresh-${user.id}`,
          expires_in: 604800,
          scope: 'identify guilds.join',
          token_type: 'Bearer',
        });
      }
      if (req.method === 'GET' && path === '/users/@me') {
        const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return json(401, { message: '401: Unauthorized', code: 0 });
        return json(200, { id: user.id, username: user.username, global_name: null });
      }
      if (req.method === 'PUT' && (m = path.match(/^\/guilds\/(\d+)\/members\/(\d+)$/))) {
        const access = (body as { access_token?: string } | null)?.access_token ?? '';
        if (!bot || tokens.get(access)?.id !== m[2])
          return json(403, { message: 'Missing Access' });
        const known = fake.members.get(m[2]!);
        if (known) return res.writeHead(204).end();
        fake.members.set(m[2]!, new Set((body as { roles?: string[] }).roles ?? []));
        return json(201, { user: { id: m[2] } });
      }
      if (
        req.method === 'PUT' &&
        (m = path.match(/^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/))
      ) {
        if (!bot) return json(403, { message: 'Missing Access' });
        fake.members.get(m[2]!)?.add(m[3]!);
        return res.writeHead(204).end();
      }
      if (req.method === 'POST' && /^\/webhooks\/\d+\/[\w-]+$/.test(path))
        return res.writeHead(204).end();
      return json(404, { message: '404: Not Found', code: 0 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${origin}/api/v10`;
  fake.webhookUrl = `${origin}/api/webhooks/1200000000000000001/fake-webhook-token`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
