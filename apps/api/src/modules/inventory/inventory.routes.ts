import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { inventoryEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { InventoryService } from './inventory.service.js';

/** The staff console's inventory (admin only). */
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

  route(app, api.adminExportInventory, async ({ query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inventory-${day}.csv"`)
      .send(Readable.from(inventory.exportCsv(query)));
  });
}
