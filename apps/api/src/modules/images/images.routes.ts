import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageParams, ImageQuery } from '@grail/contract';
import { notFound } from '../../errors.js';
import type { ImagesService } from './images.service.js';

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (
  app,
  { images },
) => {
  app.get(
    '/api/images/:imageIdentifier',
    { schema: { params: ImageParams, querystring: ImageQuery, tags: ['images'] } },
    async (request, reply) => {
      const image = await images.get(request.params.imageIdentifier, request.query.size);
      if (!image) throw notFound('Image not found');
      // An image id never points at other bytes, so browsers and CDNs may keep it forever.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(image.contentType)
        .send(image.bytes);
    },
  );
};
