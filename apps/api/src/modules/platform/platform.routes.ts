import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse, PublicConfigResponse } from '@grail/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';

export const platformRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: Database;
  version: string;
}> = async (app, { config, database, version }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthResponse, 503: HealthResponse }, tags: ['platform'] } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await database.ping();
        return { status: 'ok' as const, db: database.engine, version };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, db: database.engine, version });
      }
    },
  );

  app.get(
    '/api/config',
    { schema: { response: { 200: PublicConfigResponse }, tags: ['platform'] } },
    async () => ({
      flags: config.flags,
      supportEmail: config.SUPPORT_EMAIL,
      xProfileHandle: config.X_USERNAME,
      appEnv: config.APP_ENV,
      paymentProvider: config.PAYMENT_PROVIDER,
      debug: config.DEBUG,
    }),
  );
};
