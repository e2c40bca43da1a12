import type { FastifyInstance } from 'fastify';
import { platformEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { MailService } from './mail.service.js';

/** The outbox, for developers and browser tests. Never registered in production. */
export async function devMailRoutes(
  app: FastifyInstance,
  { mail }: { mail: MailService },
): Promise<void> {
  route(app, api.devMail, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { mail: await mail.outbox() };
  });
}
