import type { FastifyInstance } from 'fastify';
import { siteEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { FlagsService } from './flags.service.js';
import type { FeedPostsService } from './feed-posts.service.js';

/** The staff console's Site section: feature flags at run time, the feed's posts (admin only). */
export async function siteRoutes(
  app: FastifyInstance,
  { flags, feedPosts }: { flags: FlagsService; feedPosts: FeedPostsService },
): Promise<void> {
  app.addHook('onReady', async () => flags.start());
  app.addHook('onClose', async () => flags.stop());

  route(app, api.adminSiteFlags, async () => ({ flags: await flags.list() }));

  route(app, api.adminSetSiteFlag, async ({ user, params, body }) => ({
    flags: await flags.set(user.id, params.flag, body.enabled),
  }));

  route(app, api.adminSiteFeedPosts, async () => feedPosts.list());

  route(app, api.adminSetSiteFeedPosts, async ({ user, body }) =>
    feedPosts.replace(user.id, body.posts),
  );
}
