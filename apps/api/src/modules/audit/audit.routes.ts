import type { FastifyInstance } from 'fastify';
import { auditEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { AuditService } from './audit.service.js';

/** The staff audit log, read-only (admin only). */
export async function auditRoutes(
  app: FastifyInstance,
  { audit }: { audit: AuditService },
): Promise<void> {
  route(app, api.adminAuditLog, async ({ query }) => audit.search(query));
}
