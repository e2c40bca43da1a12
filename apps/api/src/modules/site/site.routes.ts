import type { FastifyInstance } from 'fastify';
import { siteEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { FlagsService } from './flags.service.js';

/** The staff console's Site section: feature flags at run time (admin only). */
export async function siteRoutes(
  app: FastifyInstance,
  { flags }: { flags: FlagsService },
): Promise<void> {
  app.addHook('onReady', async () => flags.start());
  app.addHook('onClose', async () => flags.stop());

  route(app, api.adminSiteFlags, async () => ({ flags: await flags.list() }));

  route(app, api.adminSetSiteFlag, async ({ user, params, body }) => ({
    flags: await flags.set(user.id, params.flag, body.enabled),
  }));
}
