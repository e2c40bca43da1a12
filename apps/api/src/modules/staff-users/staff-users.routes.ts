import type { FastifyInstance } from 'fastify';
import { staffUserEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { StaffUsersService } from './staff-users.service.js';

/** Staff work on accounts: search, inspect, adjust a wallet, disable, change role. */
export async function staffUsersRoutes(
  app: FastifyInstance,
  { staffUsers }: { staffUsers: StaffUsersService },
): Promise<void> {
  route(app, api.adminUsers, async ({ query }) => staffUsers.search(query.q, query.page));

  route(app, api.adminUser, async ({ params }) => staffUsers.detail(params.userId));

  route(app, api.adminAdjustWallet, async ({ params, body, user, idempotencyKey }) =>
    staffUsers.adjustWallet(user.id, params.userId, body, idempotencyKey),
  );

  route(app, api.adminSetAccountStatus, async ({ params, body, user }) =>
    staffUsers.setDisabled(user.id, params.userId, body.disabled),
  );

  route(app, api.adminSetRole, async ({ params, body, user }) =>
    staffUsers.setRole(user.id, params.userId, body),
  );
}
