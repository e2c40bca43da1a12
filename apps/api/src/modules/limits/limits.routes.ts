import type { FastifyInstance } from 'fastify';
import { limitEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { LimitsService } from './limits.service.js';

export async function limitsRoutes(
  app: FastifyInstance,
  { limits }: { limits: LimitsService },
): Promise<void> {
  route(app, api.limits, async ({ user }) => limits.limits(user.id));

  route(app, api.setSpendingLimits, async ({ user, body }) =>
    limits.setLimits(user.id, 'spending', body),
  );

  route(app, api.setDepositLimits, async ({ user, body }) =>
    limits.setLimits(user.id, 'deposit', body),
  );

  route(app, api.startTimeOut, async ({ user, body }) => limits.startTimeOut(user.id, body.period));

  route(app, api.selfExclude, async ({ user, body }) => limits.selfExclude(user.id, body.period));

  route(app, api.endSelfExclusion, async ({ user }) => limits.requestSelfExclusionEnd(user.id));

  route(app, api.setRealityCheck, async ({ user, body }) =>
    limits.setRealityCheck(user.id, body.minutes),
  );

  route(app, api.playSession, async ({ user, query }) =>
    limits.session(user.id, new Date(query.since)),
  );

  // Read-only: staff see a collector's limits and exclusions but cannot lift them.
  route(app, api.adminUserLimits, async ({ params }) => limits.forStaff(params.userId));
}
