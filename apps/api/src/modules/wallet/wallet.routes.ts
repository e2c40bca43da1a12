import type { FastifyInstance } from 'fastify';
import { commerceEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { WalletService } from './wallet.service.js';

export async function walletRoutes(
  app: FastifyInstance,
  { wallet }: { wallet: WalletService },
): Promise<void> {
  route(app, api.wallet, async ({ user, query, reply }) => {
    // A balance is never served from a cache: it changes with every purchase.
    reply.header('cache-control', 'no-store');
    return wallet.statement(user.id, query.page, query.limit, query.kind);
  });
}
