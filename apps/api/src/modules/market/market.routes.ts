import type { FastifyInstance } from 'fastify';
import { marketEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { ListingsService } from './listings.service.js';
import type { MarketStaffService } from './market-staff.service.js';
import type { OffersService } from './offers.service.js';
import type { TradesService } from './trades.service.js';

export async function marketRoutes(
  app: FastifyInstance,
  {
    listings,
    offers,
    trades,
    marketStaff,
  }: {
    listings: ListingsService;
    offers: OffersService;
    trades: TradesService;
    marketStaff: MarketStaffService;
  },
): Promise<void> {
  route(app, api.marketListings, async ({ query }) => listings.search(query));
  route(app, api.marketListing, async ({ params }) => listings.detail(params.listingId));
  route(app, api.cardComps, async ({ params }) => listings.comps(params.cardId));
  route(app, api.createListing, async ({ user, body }) => listings.create(user, body));
  route(app, api.editListing, async ({ user, params, body }) =>
    listings.edit(user, params.listingId, body),
  );
  route(app, api.cancelListing, async ({ user, params }) =>
    listings.cancel(user, params.listingId),
  );
  route(
    app,
    api.buyListing,
    async ({ user, params, body, idempotencyKey, request }) =>
      listings.buy(user, params.listingId, body, idempotencyKey, request.session!.id),
    { sessionCheckedInTransaction: true },
  );
  route(app, api.selling, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return listings.selling(user.id);
  });

  route(app, api.makeOffer, async ({ user, params, body, idempotencyKey }) =>
    offers.make(user, params.listingId, body, idempotencyKey),
  );
  route(app, api.offers, async ({ user, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return offers.list(user.id, query);
  });
  route(app, api.acceptOffer, async ({ user, params, body, idempotencyKey }) =>
    offers.accept(user, params.offerId, body, idempotencyKey),
  );
  route(app, api.counterOffer, async ({ user, params, body }) =>
    offers.counter(user, params.offerId, body.amount),
  );
  route(app, api.declineOffer, async ({ user, params }) => offers.decline(user, params.offerId));
  route(app, api.withdrawOffer, async ({ user, params }) => offers.withdraw(user, params.offerId));

  route(app, api.proposeTrade, async ({ user, body, idempotencyKey }) =>
    trades.propose(user, body, idempotencyKey),
  );
  route(app, api.trades, async ({ user, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return trades.list(user.id, query);
  });
  route(app, api.acceptTrade, async ({ user, params, idempotencyKey }) =>
    trades.accept(user, params.tradeId, idempotencyKey),
  );
  route(app, api.counterTrade, async ({ user, params, body }) =>
    trades.counter(user, params.tradeId, body),
  );
  route(app, api.declineTrade, async ({ user, params }) => trades.decline(user, params.tradeId));
  route(app, api.withdrawTrade, async ({ user, params }) => trades.withdraw(user, params.tradeId));

  route(app, api.adminMarket, async () => marketStaff.overview());
  route(app, api.adminFreezeListing, async ({ user, params, body }) =>
    marketStaff.freezeListing(user, params.listingId, body.frozen),
  );
  route(app, api.adminMarketAccess, async ({ user, params, body }) =>
    marketStaff.setAccess(user, params.userId, body.frozen, body.reason),
  );
}
