import type { FastifyInstance } from 'fastify';
import { grailEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { PullsService } from './pulls.service.js';

/**
 * A collector's own pulls; every route is owner-only (another user's pull is a 404), except the
 * public page of a pull, which shows nothing private.
 */
export async function pullsRoutes(
  app: FastifyInstance,
  { pulls }: { pulls: PullsService },
): Promise<void> {
  route(app, api.pulls, async ({ user }) => ({ pulls: await pulls.list(user.id) }));

  route(app, api.pullPreferences, async ({ user }) => pulls.preferences(user.id));

  route(app, api.setPullPreferences, async ({ user, body }) => pulls.setPreferences(user.id, body));

  route(app, api.autoSellRule, async ({ user }) => pulls.autoSellRule(user.id));

  route(app, api.setAutoSellRule, async ({ user, body }) => pulls.setAutoSellRule(user.id, body));

  route(app, api.publicPull, async ({ params }) => ({ pull: await pulls.getPublic(params.id) }));

  route(app, api.pull, async ({ user, params }) => ({ pull: await pulls.get(user.id, params.id) }));

  route(app, api.claim, async ({ user, params, body }) => ({
    pull: await pulls.claim(user, params.id, body ?? {}),
  }));

  route(app, api.sellBack, async ({ user, params }) => pulls.sellBack(user.id, params.id));
}
