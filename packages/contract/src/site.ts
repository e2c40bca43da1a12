import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { FEATURE_FLAGS } from './flags.js';
import { XPost } from './feed.js';

export const FeatureFlagName = z.enum(FEATURE_FLAGS);

/** A feature flag as staff see it: its value now, the environment's default, and who changed it. */
export const SiteFlag = z.object({
  flag: FeatureFlagName,
  enabled: z.boolean(),
  /** The value the environment gives; it holds until a staff member changes the flag. */
  environmentDefault: z.boolean(),
  changedAt: z.iso.datetime().nullable(),
  changedBy: z.string().nullable(),
});
export type SiteFlag = z.infer<typeof SiteFlag>;

export const SiteFlagsResponse = z.object({ flags: z.array(SiteFlag) });
export type SiteFlagsResponse = z.infer<typeof SiteFlagsResponse>;
export const SiteFlagParams = z.object({ flag: FeatureFlagName });
export const SetSiteFlagBody = z.object({ enabled: z.boolean() }).strict();

/** The most posts staff keep for the feed: what the home page shows. */
export const SITE_FEED_POSTS_MAX = 10;

export const SiteFeedPostsResponse = z.object({
  /** The staff's posts in the order the feed shows them (empty: the demo posts are shown). */
  posts: z.array(XPost),
  /** True when X_BEARER_TOKEN is set: the feed then shows X itself and these wait unused. */
  readsFromX: z.boolean(),
});
export type SiteFeedPostsResponse = z.infer<typeof SiteFeedPostsResponse>;
export const SetSiteFeedPostsBody = z
  .object({
    posts: z
      .array(XPost)
      .max(SITE_FEED_POSTS_MAX)
      .refine(
        (posts) => new Set(posts.map((p) => p.id)).size === posts.length,
        'must not repeat a post',
      ),
  })
  .strict();
export type SetSiteFeedPostsBody = z.input<typeof SetSiteFeedPostsBody>;

const tags = ['admin', 'site'];

/** The staff console's Site section: feature flags at run time. */
export const siteEndpoints = {
  adminSiteFlags: endpoint({
    method: 'GET',
    path: '/api/admin/site/flags',
    operationId: 'adminListSiteFlags',
    summary: 'Every feature flag: its value, the environment default and the last change',
    tags,
    guard: 'admin',
    response: SiteFlagsResponse,
  }),
  adminSetSiteFlag: endpoint({
    method: 'PUT',
    path: '/api/admin/site/flags/:flag',
    operationId: 'adminSetSiteFlag',
    summary: 'Turn a feature flag on or off for every instance (audited)',
    tags,
    guard: 'admin',
    params: SiteFlagParams,
    body: SetSiteFlagBody,
    response: SiteFlagsResponse,
  }),
  adminSiteFeedPosts: endpoint({
    method: 'GET',
    path: '/api/admin/site/feed-posts',
    operationId: 'adminListSiteFeedPosts',
    summary: 'The X posts the feed shows when no X token is set, in their order',
    tags,
    guard: 'admin',
    response: SiteFeedPostsResponse,
  }),
  adminSetSiteFeedPosts: endpoint({
    method: 'PUT',
    path: '/api/admin/site/feed-posts',
    operationId: 'adminSetSiteFeedPosts',
    summary:
      'Replace the feed posts shown without an X token: add, remove and reorder in one (audited)',
    tags,
    guard: 'admin',
    body: SetSiteFeedPostsBody,
    response: SiteFeedPostsResponse,
  }),
} as const;
