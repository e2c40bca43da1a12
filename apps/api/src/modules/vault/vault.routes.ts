import type { FastifyInstance } from 'fastify';
import { vaultEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { VaultStaffService } from './vault-staff.service.js';
import type { VaultService } from './vault.service.js';

export async function vaultRoutes(
  app: FastifyInstance,
  {
    vault,
    vaultStaff,
    shipping,
  }: { vault: VaultService; vaultStaff: VaultStaffService; shipping: ShippingService },
): Promise<void> {
  // Everything here changes with each move of a card: never served from a cache.
  const noStore = (reply: { header: (k: string, v: string) => unknown }) =>
    reply.header('cache-control', 'no-store');

  route(app, api.vault, async ({ user, query, reply }) => {
    noStore(reply);
    return vault.list(user.id, query);
  });

  route(app, api.vaultHistory, async ({ user, reply }) => {
    noStore(reply);
    return vault.history(user.id);
  });

  route(app, api.vaultShipments, async ({ user, reply }) => {
    noStore(reply);
    return vault.shipments(user.id);
  });

  route(app, api.requestShipment, async ({ user, body, idempotencyKey }) =>
    vault.requestShipment(user, body, idempotencyKey),
  );

  route(app, api.cancelShipment, async ({ user, params }) =>
    vault.cancel(user.id, params.shipmentId),
  );

  route(app, api.adminCustody, async ({ query }) => vaultStaff.custody(query.page, query.limit));

  route(app, api.adminUserVault, async ({ user, params, query }) =>
    vaultStaff.userVault(user, params.userId, query),
  );

  route(app, api.adminStartPacking, async ({ user, params }) =>
    shipping.startPacking(user.id, params.shipmentId),
  );
}
