import type { FastifyInstance } from 'fastify';
import { platformEndpoints as api } from '@grail/contract';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import type { ImagesService } from './images.service.js';

export async function imagesRoutes(
  app: FastifyInstance,
  { images }: { images: ImagesService },
): Promise<void> {
  route(app, api.image, async ({ params, query, reply }) => {
    const image = await images.get(params.imageIdentifier, query.size);
    if (!image) throw notFound('Image not found');
    // An image id never points at other bytes, so browsers and CDNs may keep it forever.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(image.contentType)
      .send(image.bytes);
  });
}
