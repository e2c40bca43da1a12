import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { catalogEndpoints as api, imageUrl } from '@grail/contract';
import { AppError } from '../../errors.js';
import { HOT_READ_ROUTE, type HotReads } from '../../http/hot-reads.js';
import { uploadedFile } from '../../http/multipart.js';
import { route } from '../../http/route.js';
import type { ImagesService } from '../images/images.service.js';
import { MAX_IMAGE_BYTES } from '../images/images.service.js';
import type { CatalogService } from './catalog.service.js';

/** Uploads are photos: JPEG, PNG or WebP by their magic bytes (the demo's vector art is not accepted here). */
const isPhoto = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP');

export async function catalogRoutes(
  app: FastifyInstance,
  { catalog, images, hot }: { catalog: CatalogService; images: ImagesService; hot: HotReads },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } });

  // Keyed by the validated query: the same filters in any order or spelling share one answer.
  route(
    app,
    api.storeItems,
    async ({ query, request, reply }) =>
      hot.send(request, reply, 'catalog', `store-items:${JSON.stringify(query)}`, () =>
        catalog.storeItems(query),
      ),
    HOT_READ_ROUTE,
  );

  route(
    app,
    api.carouselCards,
    async ({ query, request, reply }) =>
      hot.send(request, reply, 'catalog', `carousel:${query.limit}:${query.minFmv}`, () =>
        catalog.carouselCards(query.limit, query.minFmv),
      ),
    HOT_READ_ROUTE,
  );

  route(app, api.soldComparables, async ({ params }) => ({
    sold: await catalog.soldComparables(params.id),
  }));

  route(
    app,
    api.product,
    async ({ params, request, reply }) =>
      hot.send(request, reply, 'catalog', `product:${params.id}`, () => catalog.product(params.id)),
    HOT_READ_ROUTE,
  );

  // Admin upkeep of the catalogue.
  route(app, api.adminCreateCard, async ({ body }) => catalog.create(body));

  route(app, api.adminUpdateCard, async ({ params, body }) => catalog.update(params.id, body));

  route(app, api.adminDeleteCard, async ({ params }) => {
    await catalog.remove(params.id);
  });

  // One image per request (multipart field "image"), appended to the card's gallery.
  route(app, api.adminUploadCardImage, async ({ params, request }) => {
    const { bytes: buffer, filename } = await uploadedFile(request, {
      field: 'image',
      noun: 'image',
    });
    if (!isPhoto(buffer)) {
      throw new AppError(
        415,
        'Only JPEG, PNG and WebP images are accepted.',
        'Unsupported Media Type',
      );
    }
    await catalog.product(params.id);
    const imageId = await images.store(buffer, filename);
    const product = await catalog.appendImage(params.id, imageId);
    return { imageId, url: imageUrl(imageId), product };
  });
}
