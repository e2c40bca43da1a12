import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxResponse, authPaths } from '@grail/contract';
import type { MailService } from './mail.service.js';

/** GET /api/dev/mail: the outbox, for developers and browser tests. Never registered in production. */
export const devMailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (
  app,
  { mail },
) => {
  app.get(
    authPaths.devMail,
    { schema: { tags: ['dev'], response: { 200: OutboxResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mail: await mail.outbox() };
    },
  );
};
