import type { FastifyInstance } from 'fastify';
import { fulfilmentEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { FulfilmentService } from './fulfilment.service.js';

/** The staff shipping queue: everything owed to collectors, and marking it shipped. */
export async function fulfilmentRoutes(
  app: FastifyInstance,
  { fulfilment }: { fulfilment: FulfilmentService },
): Promise<void> {
  route(app, api.adminFulfilmentQueue, async () => fulfilment.queue());

  route(app, api.adminFulfilmentShip, async ({ params, body, user, request }) =>
    fulfilment.ship(user.id, params.kind, params.id, body, request.log),
  );
}
