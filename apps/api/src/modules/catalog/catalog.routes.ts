import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CardInput,
  CardUpdate,
  CarouselCardsQuery,
  CarouselCardsResponse,
  ImageUploadResponse,
  Product,
  ProductParams,
  StoreItemsQuery,
  StoreItemsResponse,
} from '@grail/contract';
import { AppError, badRequest } from '../../errors.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ImagesService } from '../images/images.service.js';
import { MAX_IMAGE_BYTES } from '../images/images.service.js';
import type { CatalogService } from './catalog.service.js';

const tags = ['catalog'];

/** Uploads are photos: JPEG, PNG or WebP by their magic bytes (the demo's vector art is not accepted here). */
const isPhoto = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP');

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  images: ImagesService;
}> = async (app, { catalog, images }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } });

  app.get(
    '/api/products/store-items',
    { schema: { querystring: StoreItemsQuery, response: { 200: StoreItemsResponse }, tags } },
    async (request) => catalog.storeItems(request.query),
  );

  app.get(
    '/api/products/carousel-cards',
    { schema: { querystring: CarouselCardsQuery, response: { 200: CarouselCardsResponse }, tags } },
    async (request) => catalog.carouselCards(request.query.limit, request.query.minFmv),
  );

  app.get(
    '/api/products/:id',
    { schema: { params: ProductParams, response: { 200: Product }, tags } },
    async (request) => catalog.product(request.params.id),
  );

  // Admin upkeep of the catalogue.
  app.post(
    '/api/admin/cards',
    {
      preHandler: requireAdmin,
      schema: { body: CardInput, response: { 201: Product }, tags },
    },
    async (request, reply) => reply.status(201).send(await catalog.create(request.body)),
  );

  app.patch(
    '/api/admin/cards/:id',
    {
      preHandler: requireAdmin,
      schema: { params: ProductParams, body: CardUpdate, response: { 200: Product }, tags },
    },
    async (request) => catalog.update(request.params.id, request.body),
  );

  app.delete(
    '/api/admin/cards/:id',
    { preHandler: requireAdmin, schema: { params: ProductParams, tags } },
    async (request, reply) => {
      await catalog.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  // One image per request (multipart field "image"), appended to the card's gallery.
  app.post(
    '/api/admin/cards/:id/images',
    {
      preHandler: requireAdmin,
      schema: { params: ProductParams, response: { 201: ImageUploadResponse }, tags },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'Send the image as multipart/form-data in a field named "image".',
          'Unsupported Media Type',
        );
      }
      const file = await request.file();
      if (!file) throw badRequest('Attach an image in the field "image".', { field: 'image' });
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'Images can be at most 10 MB.', 'Payload Too Large');
        }
        throw err;
      }
      if (!isPhoto(buffer)) {
        throw new AppError(
          415,
          'Only JPEG, PNG and WebP images are accepted.',
          'Unsupported Media Type',
        );
      }
      await catalog.product(request.params.id);
      const imageId = await images.store(buffer, file.filename);
      const product = await catalog.appendImage(request.params.id, imageId);
      return reply.status(201).send({ imageId, url: apiPaths.image(imageId), product });
    },
  );
};
