import { z } from 'zod';
import { getJson, UpstreamError } from '../../lib/upstream.js';

/** What the X API v2 answers for a user lookup (only the fields the feed uses). */
const XUser = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  profile_image_url: z.string().optional(),
});
export type XApiUser = z.infer<typeof XUser>;

const Span = { start: z.number().int(), end: z.number().int() };
const XApiPost = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  author_id: z.string().optional(),
  entities: z
    .object({
      urls: z
        .array(
          z.object({
            ...Span,
            url: z.string(),
            expanded_url: z.string().optional(),
            display_url: z.string().optional(),
            media_key: z.string().optional(),
          }),
        )
        .optional(),
      mentions: z.array(z.object({ ...Span, username: z.string() })).optional(),
      hashtags: z.array(z.object({ ...Span, tag: z.string() })).optional(),
    })
    .optional(),
  attachments: z.object({ media_keys: z.array(z.string()).optional() }).optional(),
  public_metrics: z
    .object({
      reply_count: z.number().int().default(0),
      retweet_count: z.number().int().default(0),
      like_count: z.number().int().default(0),
    })
    .optional(),
});
export type XApiPost = z.infer<typeof XApiPost>;

const XApiMedia = z.object({
  media_key: z.string(),
  type: z.string(),
  url: z.string().optional(),
  preview_image_url: z.string().optional(),
  alt_text: z.string().optional(),
});
export type XApiMedia = z.infer<typeof XApiMedia>;

const UserLookupResponse = z.object({ data: XUser });
const UserPostsResponse = z.object({
  data: z.array(XApiPost).optional(),
  includes: z
    .object({
      users: z.array(XUser).optional(),
      media: z.array(XApiMedia).optional(),
    })
    .optional(),
});
export type XApiUserPosts = z.infer<typeof UserPostsResponse>;

/** A failed upstream call; `retryAt` is when X said we may ask again (429 reset header). */
export class XApiError extends UpstreamError {}

export interface XApiClientOptions {
  baseUrl: string;
  bearerToken: string;
  /** Per request; a slow X must not hold the home page. */
  timeoutMs: number;
}

export const RECENT_POSTS_MAX = 10;

/** The two X API v2 calls the feed needs: user lookup, then that user's recent posts. */
export class XApiClient {
  constructor(private readonly options: XApiClientOptions) {}

  async userByUsername(username: string): Promise<XApiUser> {
    const body = await this.get(`/2/users/by/username/${encodeURIComponent(username)}`, {
      'user.fields': 'name,username,profile_image_url',
    });
    return parse(UserLookupResponse, body, 'user lookup').data;
  }

  async recentPosts(userId: string): Promise<XApiUserPosts> {
    const body = await this.get(`/2/users/${encodeURIComponent(userId)}/tweets`, {
      max_results: String(RECENT_POSTS_MAX),
      exclude: 'retweets,replies',
      expansions: 'author_id,attachments.media_keys',
      'tweet.fields': 'created_at,entities,public_metrics,attachments,author_id',
      'user.fields': 'name,username,profile_image_url',
      'media.fields': 'url,preview_image_url,alt_text,type',
    });
    return parse(UserPostsResponse, body, 'recent posts');
  }

  private async get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.options.baseUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const { body } = await getJson(url, {
      service: 'X API',
      error: XApiError,
      headers: { authorization: `Bearer ${this.options.bearerToken}` },
      timeoutMs: this.options.timeoutMs,
      retryAt: (res) => {
        // X names the moment the window resets, in epoch seconds.
        const reset = Number(res.headers.get('x-rate-limit-reset'));
        return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined;
      },
    });
    return body;
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new XApiError(`X API ${what} answer has an unexpected shape`);
  return parsed.data;
}
