import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVENTORY_IMPORT_MAX_FILES, inventoryEndpoints as api } from '@grail/contract';
import { AppError, badRequest } from '../../errors.js';
import { multipartParts } from '../../http/multipart.js';
import { route } from '../../http/route.js';
import { MAX_IMAGE_BYTES } from '../images/images.service.js';
import type { InventoryService } from './inventory.service.js';

/** The staff console's inventory (admin only). */
const MAX_CSV_BYTES = 2_000_000;
const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/** The multipart import's parts: the CSV (a file or a text field), dryRun, and the image files. */
async function readImportParts(request: FastifyRequest) {
  let csv: string | null = null;
  let dryRun: boolean | null = null;
  const files = new Map<string, Buffer>();
  try {
    for await (const part of multipartParts(
      request,
      'Send the import as multipart/form-data: the CSV in "csv", image files in "images".',
    )) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'csv') {
          if (bytes.length > MAX_CSV_BYTES)
            throw badRequest('The CSV can be at most 2 MB.', { field: 'csv' });
          csv = bytes.toString('utf8');
        } else if (part.fieldname === 'images') files.set(part.filename, bytes);
        else throw badRequest(`Unknown file field "${part.fieldname.slice(0, 40)}".`);
      } else if (part.fieldname === 'csv') csv = String(part.value);
      else if (part.fieldname === 'dryRun') {
        if (part.value !== 'true' && part.value !== 'false')
          throw badRequest('Invalid body dryRun: must be true or false', { field: 'dryRun' });
        dryRun = part.value === 'true';
      } else throw badRequest(`Unknown field "${part.fieldname.slice(0, 40)}".`);
    }
  } catch (err) {
    if (TOO_LARGE.has((err as { code?: string }).code ?? ''))
      throw new AppError(
        413,
        `An import carries at most ${INVENTORY_IMPORT_MAX_FILES} images of at most 10 MB each.`,
        'Payload Too Large',
      );
    throw err;
  }
  if (!csv) throw badRequest('Attach the CSV in the field "csv".', { field: 'csv' });
  if (dryRun === null) throw badRequest('Invalid body dryRun: is required', { field: 'dryRun' });
  return { csv, dryRun, files };
}

export async function inventoryRoutes(
  app: FastifyInstance,
  { inventory }: { inventory: InventoryService },
): Promise<void> {
  route(app, api.adminInventory, async ({ query }) => inventory.list(query));

  route(app, api.adminUpdateInventoryCard, async ({ user, params, body }) => ({
    card: await inventory.update(user.id, params.cardId, body),
  }));

  route(
    app,
    api.adminImportInventory,
    async ({ user, body }) => inventory.import(user.id, body.csv, body.dryRun),
    // A CSV of a few thousand cards is more than the 1 MB default.
    { bodyLimit: 4 * 1024 * 1024 },
  );

  // Files are read into memory: at most 50 images of 10 MB, the same bound as the catalog's uploads.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: INVENTORY_IMPORT_MAX_FILES + 1,
      fields: 2,
      fieldSize: MAX_CSV_BYTES,
    },
  });
  route(app, api.adminImportInventoryFiles, async ({ user, request }) => {
    const { csv, dryRun, files } = await readImportParts(request);
    return inventory.import(user.id, csv, dryRun, files);
  });

  route(app, api.adminInventoryImportJob, async ({ params }) => ({
    job: await inventory.jobs.view(params.importId),
  }));

  route(app, api.adminExportInventory, async ({ query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inventory-${day}.csv"`)
      .send(Readable.from(inventory.exportCsv(query)));
  });
}
