import type { FastifyInstance } from 'fastify';
import { withdrawalEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { WithdrawalsService } from './withdrawals.service.js';

export async function withdrawalsRoutes(
  app: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawalsService },
): Promise<void> {
  route(app, api.withdrawals, async ({ user, reply }) => {
    // Statuses change when staff decide: never served from a cache.
    reply.header('cache-control', 'no-store');
    return withdrawals.mine(user.id);
  });

  route(app, api.addPayoutMethod, async ({ user, body }) =>
    withdrawals.addPayoutMethod(user.id, body),
  );

  route(app, api.withdraw, async ({ user, body, idempotencyKey }) =>
    withdrawals.withdraw(user, body, idempotencyKey),
  );

  route(app, api.adminWithdrawals, async ({ query }) =>
    withdrawals.queue(query.status, query.page, query.limit),
  );

  route(app, api.adminWithdrawalPayoutDetails, async ({ user, params }) =>
    withdrawals.payoutDetails(user, params.withdrawalId),
  );

  route(app, api.adminPayWithdrawal, async ({ user, params, body }) =>
    withdrawals.pay(user, params.withdrawalId, body.reference),
  );

  route(app, api.adminRejectWithdrawal, async ({ user, params, body }) =>
    withdrawals.reject(user, params.withdrawalId, body.reason),
  );
}
