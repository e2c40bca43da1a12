import { z } from 'zod';
import { X_POST_MEDIA_MAX } from './constants.js';
import { endpoint } from './endpoint.js';

/** Length of a string in Unicode code points: X entity offsets count code points, not UTF-16 units. */
export const codePointLength = (text: string) => Array.from(text).length;

/** Links from a post open on the web only: never `javascript:` or other schemes. */
const WebUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000);
/** Images: an https URL, or a path on this site (demo and admin posts use the site's own media). */
const ImageUrl = z
  .string()
  .max(2000)
  .refine((v) => /^https:\/\/[^\s]+$/.test(v) || /^\/(?![/\\])[^\s]*$/.test(v), {
    message: 'must be an https URL or a path on this site',
  });

const Span = { start: z.number().int().min(0), end: z.number().int().min(1) };
const spanIsOrdered = (s: { start: number; end: number }) => s.start < s.end;
const orderedSpan = { message: 'start must be before end', path: ['end'] };

export const XPostUrl = z
  .object({ ...Span, expanded_url: WebUrl, display_url: z.string().min(1).max(200) })
  .refine(spanIsOrdered, orderedSpan);
export const XPostMention = z
  .object({ ...Span, username: z.string().regex(/^\w{1,15}$/, 'must be an X handle without @') })
  .refine(spanIsOrdered, orderedSpan);
export const XPostHashtag = z
  .object({ ...Span, tag: z.string().min(1).max(140) })
  .refine(spanIsOrdered, orderedSpan);

export const XPostMedia = z.object({
  media_key: z.string().min(1).max(64),
  url: ImageUrl,
  alt_text: z.string().max(1000).nullable(),
  type: z.enum(['photo', 'video', 'animated_gif']),
});

const PostId = z.string().regex(/^\d{1,25}$/, 'must be a numeric post id');

/** X's first post (21 March 2006): no post is older. */
export const X_FIRST_POST_AT = '2006-03-21T00:00:00Z';
/**
 * When a post was made: an ISO time from X's first post to now (a day of leeway for clocks).
 * Year 0 has no timestamp in PostgreSQL, and a far-future post would head the feed for good.
 */
const PostTime = z.iso
  .datetime({ message: 'must be an ISO date and time, such as 2026-11-24T18:30:00Z' })
  .refine((v) => {
    const at = Date.parse(v);
    return at >= Date.parse(X_FIRST_POST_AT) && at <= Date.now() + 86_400_000;
  }, 'must be a time since X began (March 2006), not in the future');

/** An X post as the home page shows it: text, author, links, mentions, hashtags, media and counts. */
export const XPost = z
  .object({
    id: PostId,
    text: z.string().max(4000),
    created_at: PostTime,
    tweet_url: WebUrl,
    user: z.object({
      name: z.string().min(1).max(100),
      username: z.string().regex(/^\w{1,15}$/, 'must be an X handle without @'),
      // Empty when X has none: the page shows the name's initial instead.
      profile_image_url: z.union([z.literal(''), ImageUrl]),
    }),
    entities: z.object({
      urls: z.array(XPostUrl).default([]),
      mentions: z.array(XPostMention).default([]),
      hashtags: z.array(XPostHashtag).default([]),
    }),
    media: z.array(XPostMedia).max(X_POST_MEDIA_MAX).default([]),
    public_metrics: z.object({
      reply_count: z.number().int().min(0),
      retweet_count: z.number().int().min(0),
      like_count: z.number().int().min(0),
    }),
  })
  .superRefine((post, ctx) => {
    // Every entity must fall inside the text, or the page could not link it.
    const length = codePointLength(post.text);
    for (const kind of ['urls', 'mentions', 'hashtags'] as const) {
      post.entities[kind].forEach((entity, index) => {
        if (entity.end > length)
          ctx.addIssue({
            code: 'custom',
            path: ['entities', kind, index, 'end'],
            message: 'must be within the text (offsets count code points)',
          });
      });
    }
  });
export type XPost = z.infer<typeof XPost>;
export type XPostInput = z.input<typeof XPost>;

export const TwitterFeedResponse = z.object({ tweets: z.array(XPost) });
export type TwitterFeedResponse = z.infer<typeof TwitterFeedResponse>;

export const FeedPostParams = z.object({ id: PostId });

export const SavedFeedPostResponse = z.object({ tweet: XPost });
export type SavedFeedPostResponse = z.infer<typeof SavedFeedPostResponse>;

/** The home page's X feed, and the staff's own posts mixed into it. */
export const feedEndpoints = {
  feed: endpoint({
    method: 'GET',
    path: '/api/twitter/feed',
    operationId: 'getFeed',
    summary: "The shop's latest X posts (the saved staff posts when X is not set up), newest first",
    tags: ['feed'],
    guard: 'public',
    response: TwitterFeedResponse,
  }),
  adminSavePost: endpoint({
    method: 'POST',
    path: '/api/admin/feed-posts',
    operationId: 'adminSaveFeedPost',
    summary: 'Add (or replace, by id) a post shown in the feed',
    tags: ['admin', 'feed'],
    guard: 'admin',
    body: XPost,
    status: 201,
    response: SavedFeedPostResponse,
  }),
  adminDeletePost: endpoint({
    method: 'DELETE',
    path: '/api/admin/feed-posts/:id',
    operationId: 'adminDeleteFeedPost',
    summary: 'Remove a staff post from the feed',
    tags: ['admin', 'feed'],
    guard: 'admin',
    params: FeedPostParams,
    status: 204,
    responseKind: 'empty',
  }),
} as const;
