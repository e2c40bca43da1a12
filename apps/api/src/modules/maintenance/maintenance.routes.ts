import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isUnsafe,
  MAINTENANCE_WRITE_MESSAGE,
  platformEndpoints as api,
  authEndpoints,
  type Endpoint,
} from '@grail/contract';
import { AppError } from '../../errors.js';
import { HOT_READ_ROUTE, type HotReads } from '../../http/hot-reads.js';
import { route } from '../../http/route.js';
import type { MaintenanceService } from './maintenance.service.js';

export async function maintenanceRoutes(
  app: FastifyInstance,
  { maintenance, hot }: { maintenance: MaintenanceService; hot: HotReads },
): Promise<void> {
  // Staff see that they may still work; everyone else shares one answer.
  route(
    app,
    api.maintenanceStatus,
    async ({ request, reply, user }) => {
      const staff = user?.role === 'admin';
      return hot.send(request, reply, 'settings', `maintenance:${staff}`, async () => {
        const data = await maintenance.status();
        return { data: data.isEnabled && staff ? { ...data, staffAccess: true } : data };
      });
    },
    HOT_READ_ROUTE,
  );

  route(app, api.adminSetMaintenance, async ({ body, request }) => {
    const data = await maintenance.set(body.isEnabled);
    request.log.info({ isEnabled: data.isEnabled }, 'maintenance mode switched');
    return { data };
  });
}

/** Endpoints that stay open while maintenance is on: staff must be able to sign in to end it. */
const ALWAYS_OPEN = new Set<Endpoint>([
  authEndpoints.login,
  authEndpoints.loginTotp,
  authEndpoints.logout,
  authEndpoints.sessionReset,
]);

/** While maintenance is on, every write answers 503 except staff's and signing in or out. */
export function maintenanceWriteGate(maintenance: MaintenanceService) {
  return async (request: FastifyRequest, endpoint: Endpoint): Promise<void> => {
    if (!isUnsafe(endpoint.method) || ALWAYS_OPEN.has(endpoint)) return;
    if (request.user?.role === 'admin') return;
    if (await maintenance.writesPaused()) {
      throw new AppError(
        503,
        MAINTENANCE_WRITE_MESSAGE,
        'Service Unavailable',
        {},
        {
          'retry-after': '60',
        },
      );
    }
  };
}
