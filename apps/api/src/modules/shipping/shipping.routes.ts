import type { FastifyInstance } from 'fastify';
import { grailEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { ShippingService } from './shipping.service.js';

/** Staff work off the 48-hour promise: what is due, and marking it shipped (the collector is e-mailed). */
export async function shippingRoutes(
  app: FastifyInstance,
  { shipping }: { shipping: ShippingService },
): Promise<void> {
  route(app, api.adminShipments, async () => ({ shipments: await shipping.listDue() }));

  route(app, api.adminShip, async ({ params, body, request, user }) => ({
    shipment: await shipping.markShipped(params.id, body, request.log, { actorId: user.id }),
  }));
}
