import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the X API v2 on 127.0.0.1, for tests only: it answers with recorded response
 * shapes, or with the failures the feed must survive (429 with reset headers, 500, a slow answer,
 * malformed JSON), and records every request it gets.
 */
export type FakeXMode =
  'ok' | 'no-posts' | 'posts-not-found' | 'rate-limited' | 'server-error' | 'slow' | 'malformed';

export interface FakeXApi {
  baseUrl: string;
  mode: FakeXMode;
  /** Delay before answering in `slow` mode (and before every answer when `delayAllMs` is set). */
  slowMs: number;
  delayAllMs: number;
  /** Epoch seconds sent in x-rate-limit-reset in `rate-limited` mode. */
  rateLimitReset: number;
  requests: { path: string; query: URLSearchParams; authorization?: string }[];
  close(): Promise<void>;
}

/** Offsets as X computes them: code points of the text as sent (escaped). */
function span(text: string, token: string, from = 0) {
  const at = text.indexOf(token, from);
  if (at < 0) throw new Error(`fixture token ${token} not found`);
  const start = Array.from(text.slice(0, at)).length;
  return { start, end: start + Array.from(token).length };
}

const POST_TEXT =
  '🏈🔥 Pulled a BGS 9.5 &amp; a PSA 10 from @GrailMachine tonight &lt;3 https://t.co/AbC123xyz #TheHobby #Grails https://t.co/MeDiA999';
const PLAIN_TEXT = 'Case 12 is live. Packs are $25 with a $30 floor, thanks @CardShopLive!';

export const RECORDED_USER = {
  data: {
    id: '1600000000000000001',
    name: 'Grail Machine',
    username: 'GrailMachine',
    profile_image_url: 'https://pbs.twimg.com/profile_images/1600000000000000001/avatar_normal.jpg',
  },
};

export const RECORDED_POSTS = {
  data: [
    {
      id: '1860000000000000002',
      text: POST_TEXT,
      created_at: '2026-11-21T19:04:11.000Z',
      author_id: '1600000000000000001',
      edit_history_tweet_ids: ['1860000000000000002'],
      attachments: { media_keys: ['3_1860000000000000100', '7_1860000000000000101'] },
      entities: {
        urls: [
          {
            ...span(POST_TEXT, 'https://t.co/AbC123xyz'),
            url: 'https://t.co/AbC123xyz',
            expanded_url: 'https://grailmachine.example/grail-machine',
            display_url: 'grailmachine.example/grail-mac…',
          },
          {
            ...span(POST_TEXT, 'https://t.co/MeDiA999'),
            url: 'https://t.co/MeDiA999',
            expanded_url: 'https://x.com/GrailMachine/status/1860000000000000002/photo/1',
            display_url: 'pic.x.com/MeDiA999',
            media_key: '3_1860000000000000100',
          },
        ],
        mentions: [
          { ...span(POST_TEXT, '@GrailMachine'), username: 'GrailMachine', id: '16000000000001' },
        ],
        hashtags: [
          { ...span(POST_TEXT, '#TheHobby'), tag: 'TheHobby' },
          { ...span(POST_TEXT, '#Grails'), tag: 'Grails' },
        ],
      },
      public_metrics: {
        retweet_count: 12,
        reply_count: 3,
        like_count: 240,
        quote_count: 1,
        bookmark_count: 4,
        impression_count: 9120,
      },
    },
    {
      id: '1860000000000000001',
      text: PLAIN_TEXT,
      created_at: '2026-11-20T08:00:00.000Z',
      author_id: '1600000000000000001',
      edit_history_tweet_ids: ['1860000000000000001'],
      entities: {
        mentions: [
          { ...span(PLAIN_TEXT, '@CardShopLive'), username: 'CardShopLive', id: '16000000000002' },
        ],
      },
      public_metrics: { retweet_count: 0, reply_count: 0, like_count: 7, quote_count: 0 },
    },
  ],
  includes: {
    media: [
      {
        media_key: '3_1860000000000000100',
        type: 'photo',
        url: 'https://pbs.twimg.com/media/GrailPull1.jpg',
        alt_text: 'A BGS 9.5 card in its slab',
      },
      {
        media_key: '7_1860000000000000101',
        type: 'video',
        preview_image_url: 'https://pbs.twimg.com/ext_tw_video_thumb/1/pu/img/clip.jpg',
      },
    ],
    users: [RECORDED_USER.data],
  },
  meta: {
    result_count: 2,
    newest_id: '1860000000000000002',
    oldest_id: '1860000000000000001',
  },
};

export async function startFakeXApi(): Promise<FakeXApi> {
  const fake: FakeXApi = {
    baseUrl: '',
    mode: 'ok',
    slowMs: 1_000,
    delayAllMs: 0,
    rateLimitReset: Math.floor(Date.now() / 1000) + 900,
    requests: [],
    close: async () => undefined,
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const answer = () => {
      switch (fake.mode) {
        case 'rate-limited':
          return json(
            429,
            {
              title: 'Too Many Requests',
              detail: 'Too Many Requests',
              type: 'about:blank',
              status: 429,
            },
            {
              'x-rate-limit-limit': '5',
              'x-rate-limit-remaining': '0',
              'x-rate-limit-reset': String(fake.rateLimitReset),
            },
          );
        case 'server-error':
          return json(500, { title: 'Internal Server Error', status: 500 });
        case 'malformed':
          return json(200, '{"data": [{"id": "1", "text": ');
        default:
          break;
      }
      if (url.pathname === `/2/users/by/username/${RECORDED_USER.data.username}`) {
        return json(200, RECORDED_USER);
      }
      if (url.pathname === `/2/users/${RECORDED_USER.data.id}/tweets`) {
        if (fake.mode === 'posts-not-found') {
          return json(404, {
            title: 'Not Found Error',
            detail: 'Could not find user',
            status: 404,
          });
        }
        return json(200, fake.mode === 'no-posts' ? { meta: { result_count: 0 } } : RECORDED_POSTS);
      }
      return json(404, { title: 'Not Found Error', status: 404 });
    };
    const delay = fake.mode === 'slow' ? fake.slowMs : fake.delayAllMs;
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
