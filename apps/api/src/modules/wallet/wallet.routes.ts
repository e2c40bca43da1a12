import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WalletQuery, WalletResponse } from '@grail/contract';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { centsToDollars } from '../catalog/catalog.view.js';
import type { WalletService } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (
  app,
  { wallet },
) => {
  app.get(
    '/api/wallet',
    {
      preHandler: requireUser,
      schema: { querystring: WalletQuery, response: { 200: WalletResponse }, tags: ['wallet'] },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { page, limit } = request.query;
      const [balance, { rows, total }] = await Promise.all([
        wallet.balance(user.id),
        wallet.entries(user.id, page, limit),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        balance: centsToDollars(balance),
        entries: rows.map((e) => ({
          _id: String(e.id),
          amount: centsToDollars(e.amountCents),
          balanceAfter: centsToDollars(e.balanceAfterCents),
          kind: e.kind,
          refType: e.refType,
          refId: e.refId,
          description: e.description,
          createdAt: e.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
      };
    },
  );
};
