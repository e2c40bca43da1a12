import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MaintenanceStatusResponse } from '@grail/contract';
import type { MaintenanceService } from './maintenance.service.js';

export const maintenanceRoutes: FastifyPluginAsyncZod<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  app.get(
    '/api/maintenance/status',
    { schema: { response: { 200: MaintenanceStatusResponse }, tags: ['platform'] } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await maintenance.status() };
    },
  );
};
