import { and, eq, sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
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
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import {
  runIdempotent,
  type IdempotencyOptions,
  type IdempotentResult,
} from '../idempotency/idempotency.service.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { reserveForMarket, returnToVault } from '../vault/holdings.service.js';
import { assertMarketAccess } from './access.js';
import {
  assertBuyable,
  assertForSale,
  boughtDescription,
  buyNowInBatches,
  noListing,
  type Bought,
} from './buy-now.js';
import { compsOf } from './comps.js';
import {
  listingById,
  listingsOfSeller,
  listingsWithCards,
  searchListings,
} from './market.reads.js';
import { toListing, type LockedListing } from './market.view.js';
import { closeOpenOffers, feeOn, settleSale, type MarketDeps } from './settlement.js';

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

  /**
   * Buy now, answered once per Idempotency-Key: in two round trips (buy-now.ts), or on the
   * ordinary path when offers are open on the listing. The answer shows the listing as it is.
   * The first round trip checks that `sessionId` is still live, so the request may take its
   * session from the instance's memory.
   */
  async buy(
    user: SessionUser,
    listingId: string,
    body: BuyListingBody,
    idempotencyKey: string,
    sessionId: string,
  ): Promise<IdempotentResult<BuyListingResponse>> {
    const key = {
      userId: user.id,
      scope: 'market-buy',
      key: idempotencyKey,
      request: { listingId, ...body },
    };
    const priceCents = dollarsToCents(body.price);
    const { body: bought, replayed } = await retryingConflicts(
      async () =>
        (await buyNowInBatches(this.db, this.deps, { listingId, priceCents, key, sessionId })) ??
        this.buyReleasingOffers(key, listingId, priceCents),
    );
    const row = bought.listing ?? (await listingById(this.db, listingId));
    return {
      body: {
        listing: toListing(row!),
        holdingId: bought.holdingId,
        balance: centsToDollars(bought.balanceCents),
      },
      replayed,
    };
  }

  /** Buy now of a listing with open offers, which the settlement releases. */
  private async buyReleasingOffers(
    key: IdempotencyOptions,
    listingId: string,
    priceCents: number,
  ): Promise<IdempotentResult<Bought>> {
    await assertMarketAccess(this.db, key.userId);
    return runIdempotent(this.db, key, async (tx) => {
      const row = await this.openListing(tx, listingId);
      const { listing } = row;
      assertBuyable({ ...listing, frozen: false }, key.userId, priceCents);
      let balanceCents = 0;
      const { holdingId } = await settleSale(tx, this.deps, {
        listing,
        buyerId: key.userId,
        priceCents: listing.priceCents,
        kind: 'market',
        actorId: key.userId,
        cardName: row.card.name,
        pay: async (saleId) => {
          balanceCents = await this.deps.wallet.debit(
            key.userId,
            listing.priceCents,
            {
              kind: 'market',
              refType: 'market_sale',
              refId: saleId,
              description: boughtDescription(row.card.name),
            },
            tx,
          );
        },
      });
      return { holdingId, balanceCents };
    });
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
    assertForSale({ status: row.listing.status, frozen: row.listing.frozenAt !== null });
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
