import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedPostParams, SavedFeedPostResponse, TwitterFeedResponse, XPost } from '@grail/contract';
import { requireAdmin } from '../../plugins/auth.js';
import type { FeedService } from './feed.service.js';

export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  app.get(
    '/api/twitter/feed',
    { schema: { response: { 200: TwitterFeedResponse }, tags: ['feed'] } },
    async (request, reply) => {
      // The server already caches X for every instance; a short browser cache spares repeat loads.
      reply.header('cache-control', 'public, max-age=60');
      return { tweets: await feed.feed(request.log) };
    },
  );

  app.post(
    '/api/admin/feed-posts',
    {
      preHandler: requireAdmin,
      schema: { body: XPost, response: { 201: SavedFeedPostResponse }, tags: ['admin', 'feed'] },
    },
    async (request, reply) => {
      const tweet = await feed.savePost(request.body);
      return reply.status(201).send({ tweet });
    },
  );

  app.delete(
    '/api/admin/feed-posts/:id',
    {
      preHandler: requireAdmin,
      schema: { params: FeedPostParams, response: { 204: z.null() }, tags: ['admin', 'feed'] },
    },
    async (request, reply) => {
      await feed.deletePost(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
