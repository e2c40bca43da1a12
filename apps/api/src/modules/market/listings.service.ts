import { and, eq, sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  type BuyListingBody,
  type BuyListingResponse,
  type EditListingBody,
  type Listing,
  type ListingDetailResponse,
  type MarketQuery,
  type MarketResponse,
  type NewListingBody,
  type SellingResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { retryingConflicts } from '../../lib/retry-conflicts.js';
import { marketListings } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { reserveForMarket, returnToVault } from '../vault/holdings.service.js';
import { assertMarketAccess } from './access.js';
import { compsOf } from './comps.js';
import {
  listingById,
  listingsOfSeller,
  listingsWithCards,
  searchListings,
  withSellers,
} from './market.reads.js';
import { toListing, type LockedListing } from './market.view.js';
import { closeOpenOffers, feeOn, settleSale, type MarketDeps } from './settlement.js';

const noListing = () => notFound('No listing with this id.');
const notYours = () => notFound('No listing of yours with this id.');

/**
 * Listings: a collector lists a card from their vault at a fixed price; another buys it from
 * their wallet in one transaction (settlement.ts). Each command checks the state it leaves.
 */
export class ListingsService {
  constructor(
    private readonly db: Db,
    private readonly deps: MarketDeps,
  ) {}

  async search(query: MarketQuery): Promise<MarketResponse> {
    const { rows, total } = await searchListings(this.db, query);
    return { listings: rows.map(toListing), total, page: query.page, limit: query.limit };
  }

  async detail(listingId: string): Promise<ListingDetailResponse> {
    const row = await listingById(this.db, listingId);
    if (!row) throw noListing();
    return { listing: toListing(row), comps: await compsOf(this.db, row.listing.cardId) };
  }

  comps(cardId: string) {
    return compsOf(this.db, cardId);
  }

  async selling(userId: string): Promise<SellingResponse> {
    const rows = await listingsOfSeller(this.db, userId);
    return {
      listings: rows.map((r) => ({
        ...toListing(r),
        openOffers: r.openOffers,
        proceeds: centsToDollars(
          r.listing.priceCents - feeOn(r.listing.priceCents, this.deps.feePercent),
        ),
      })),
      feePercent: this.deps.feePercent,
    };
  }

  /** Lists a card of the caller's vault: it moves in_vault → listed in the same transaction. */
  async create(user: SessionUser, body: NewListingBody): Promise<Listing> {
    await assertMarketAccess(this.db, user.id);
    const listingId = await retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const move = await reserveForMarket(tx, user.id, body.holdingId, 'listed');
        if (!move.moved) {
          if (move.state === null) throw notFound('No card with this id in your vault.');
          if (move.breakHit)
            throw badRequest(
              'Break hits cannot be listed: they have no card identity to price by.',
              {
                field: 'holdingId',
              },
            );
          throw conflict(
            'This card is not in your vault: it is listed, in a trade, shipping or sold.',
            {
              state: move.state,
            },
          );
        }
        const [row] = await tx
          .insert(marketListings)
          .values({
            sellerId: user.id,
            holdingId: body.holdingId,
            cardId: move.cardId,
            priceCents: dollarsToCents(body.price),
            acceptsOffers: body.acceptsOffers || body.minOffer != null,
            minOfferCents: body.minOffer == null ? null : dollarsToCents(body.minOffer),
          })
          .returning({ id: marketListings.id });
        return row!.id;
      }),
    );
    return this.view(listingId);
  }

  /** Changes the price or the offer settings of the caller's open listing. */
  async edit(user: SessionUser, listingId: string, body: EditListingBody): Promise<Listing> {
    await retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const listing = await this.lockOwn(tx, user.id, listingId);
        const priceCents =
          body.price === undefined ? listing.priceCents : dollarsToCents(body.price);
        const minOfferCents =
          body.minOffer === undefined
            ? listing.minOfferCents
            : body.minOffer === null
              ? null
              : dollarsToCents(body.minOffer);
        if (minOfferCents !== null && minOfferCents > priceCents)
          throw badRequest('minOffer: must not be more than the price', { field: 'minOffer' });
        await tx
          .update(marketListings)
          .set({
            priceCents,
            minOfferCents,
            acceptsOffers: body.acceptsOffers ?? (listing.acceptsOffers || minOfferCents !== null),
            updatedAt: sql`now()`,
          })
          .where(eq(marketListings.id, listingId));
      }),
    );
    return this.view(listingId);
  }

  /** Takes the listing down: the card returns to the vault and open offers are released. */
  async cancel(user: SessionUser, listingId: string): Promise<Listing> {
    await retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const listing = await this.lockOwn(tx, user.id, listingId);
        await tx
          .update(marketListings)
          .set({ status: 'cancelled', closedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(marketListings.id, listingId));
        await returnToVault(tx, [listing.holdingId], 'listed');
        const [card] = await cardNamesAndFmv(tx, [listing.cardId]);
        await closeOpenOffers(tx, this.deps, listingId, card?.name ?? 'The card');
      }),
    );
    return this.view(listingId);
  }

  /** Buy now, answered once per Idempotency-Key. */
  async buy(
    user: SessionUser,
    listingId: string,
    body: BuyListingBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<BuyListingResponse>> {
    await assertMarketAccess(this.db, user.id);
    return retryingConflicts(() =>
      runIdempotent(
        this.db,
        {
          userId: user.id,
          scope: 'market-buy',
          key: idempotencyKey,
          request: { listingId, ...body },
        },
        async (tx) => {
          const row = await this.openListing(tx, listingId);
          const { listing } = row;
          if (listing.sellerId === user.id) throw forbidden('You cannot buy your own listing.');
          if (listing.priceCents !== dollarsToCents(body.price))
            throw conflict(`The price changed to ${formatCents(listing.priceCents)}.`, {
              price: centsToDollars(listing.priceCents),
            });
          let balanceCents = 0;
          const { holdingId } = await settleSale(tx, this.deps, {
            listing,
            buyerId: user.id,
            priceCents: listing.priceCents,
            kind: 'market',
            actorId: user.id,
            cardName: row.card.name,
            pay: async (saleId) => {
              balanceCents = await this.deps.wallet.debit(
                user.id,
                listing.priceCents,
                {
                  kind: 'market',
                  refType: 'market_sale',
                  refId: saleId,
                  description: `Bought "${row.card.name}" on the marketplace`,
                },
                tx,
              );
            },
          });
          const now = new Date();
          const [sold] = await withSellers(tx, [
            {
              listing: {
                ...listing,
                status: 'sold',
                buyerId: user.id,
                closedAt: now,
                updatedAt: now,
              },
              card: row.card,
            },
          ]);
          return { listing: toListing(sold!), holdingId, balance: centsToDollars(balanceCents) };
        },
      ),
    );
  }

  /**
   * The listing with its card, locked for a sale in one statement: 404 unknown, 409 sold,
   * cancelled or frozen.
   */
  async openListing(tx: Tx, listingId: string): Promise<LockedListing> {
    const { query } = listingsWithCards(tx);
    const [row] = await query
      .where(eq(marketListings.id, listingId))
      .for('update', { of: marketListings });
    if (!row) throw noListing();
    if (row.listing.status === 'sold') throw conflict('This card has already been sold.');
    if (row.listing.status === 'cancelled') throw conflict('This listing has ended.');
    if (row.listing.frozenAt) throw conflict('This listing is on hold while our team reviews it.');
    return row;
  }

  private async lockOwn(tx: Tx, userId: string, listingId: string) {
    const [listing] = await tx
      .select()
      .from(marketListings)
      .where(and(eq(marketListings.id, listingId), eq(marketListings.sellerId, userId)))
      .for('update');
    if (!listing) throw notYours();
    if (listing.status !== 'open')
      throw conflict(
        listing.status === 'sold' ? 'This card has already been sold.' : 'This listing has ended.',
      );
    return listing;
  }

  private async view(listingId: string): Promise<Listing> {
    const row = await listingById(this.db, listingId);
    if (!row) throw noListing();
    return toListing(row);
  }
}
