import type { FastifyInstance } from 'fastify';
import { feedEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { FeedService } from './feed.service.js';

export async function feedRoutes(
  app: FastifyInstance,
  { feed }: { feed: FeedService },
): Promise<void> {
  route(app, api.feed, async ({ request, reply }) => {
    // The server already caches X for every instance; a short browser cache spares repeat loads.
    reply.header('cache-control', 'public, max-age=60');
    return { tweets: await feed.feed(request.log) };
  });

  route(app, api.adminSavePost, async ({ body }) => ({ tweet: await feed.savePost(body) }));

  route(app, api.adminDeletePost, async ({ params }) => {
    await feed.deletePost(params.id);
  });
}
