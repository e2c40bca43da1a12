import type { FastifyInstance } from 'fastify';
import { outboxEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { OutboxService } from './outbox.service.js';

/** Staff watch what has not left yet and send a dead message again. */
export async function outboxRoutes(
  app: FastifyInstance,
  { outbox }: { outbox: OutboxService },
): Promise<void> {
  route(app, api.adminOutbox, async ({ query }) => ({
    messages: await outbox.list(query.status ? [query.status] : ['dead', 'pending']),
  }));

  route(app, api.adminRetryOutbox, async ({ params, user }) => ({
    message: await outbox.retry(params.id, user.id),
  }));
}
