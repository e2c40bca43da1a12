import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  type AcceptMarketOfferBody,
  type NewOfferBody,
  type Offer,
  type OffersResponse,
  type OfferSide,
} from '@grail/contract';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { retryingConflicts } from '../../lib/retry-conflicts.js';
import { marketListings, marketOfferEvents, marketOffers } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { namesOf } from '../users/users.reads.js';
import { assertMarketAccess } from './access.js';
import { OFFER_SIDES, onSide } from './deal-sides.js';
import type { ListingsService } from './listings.service.js';
import { listingsByIds, offerEvents } from './market.reads.js';
import { toOffer, type OfferRecord } from './market.view.js';
import { settleSale, type MarketDeps } from './settlement.js';
import { noticeOffer } from './market-notices.js';
import type { OffersQuery } from '@grail/contract';

const DAY_MS = 86_400_000;
const noOffer = () => notFound('No offer of yours with this id.');
const tooLow = (cents: number) =>
  badRequest(`amount: must be at least ${formatCents(cents)}, the seller's minimum offer`, {
    field: 'amount',
  });

/**
 * Offers and counteroffers: the buyer's amount is held from their wallet while it is open; the
 * side whose turn it is accepts (settled at once, as Buy now), declines or counters; the buyer
 * may withdraw; a worker expires what was not answered in time. Every step locks the listing,
 * then the offer, in that order, as a sale does.
 */
export class OffersService {
  constructor(
    private readonly db: Db,
    private readonly deps: MarketDeps & { listings: ListingsService },
  ) {}

  async make(
    user: SessionUser,
    listingId: string,
    body: NewOfferBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<Offer>> {
    await assertMarketAccess(this.db, user.id);
    const request = { listingId, ...body };
    return retryingConflicts(() =>
      runIdempotent(
        this.db,
        { userId: user.id, scope: 'market-offer', key: idempotencyKey, request },
        async (tx) => {
          const { listing, card } = await this.deps.listings.openListing(tx, listingId);
          if (listing.sellerId === user.id)
            throw forbidden('You cannot make an offer on your own listing.');
          if (!listing.acceptsOffers) throw conflict('This listing does not take offers.');
          const amountCents = dollarsToCents(body.amount);
          if (listing.minOfferCents !== null && amountCents < listing.minOfferCents)
            throw tooLow(listing.minOfferCents);
          if (amountCents >= listing.priceCents)
            throw badRequest('amount: must be less than the price; use Buy now to pay the price', {
              field: 'amount',
            });
          const [open] = await tx
            .select({ id: marketOffers.id })
            .from(marketOffers)
            .where(
              and(
                eq(marketOffers.listingId, listingId),
                eq(marketOffers.buyerId, user.id),
                eq(marketOffers.status, 'open'),
              ),
            );
          if (open)
            throw conflict('You already have an open offer on this card.', { offerId: open.id });
          await this.deps.limits.checkPurchase(user.id, amountCents, tx);
          const offerId = randomUUID();
          const holdId = await this.deps.holds.hold(tx, user.id, amountCents, {
            refType: 'offer',
            refId: offerId,
            description: `Offer of ${formatCents(amountCents)} held`,
          });
          await tx.insert(marketOffers).values({
            id: offerId,
            listingId,
            buyerId: user.id,
            sellerId: listing.sellerId,
            amountCents,
            holdId,
            heldCents: amountCents,
            expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
          });
          await this.event(tx, offerId, 'buyer', 'offer', amountCents);
          await noticeOffer(tx, this.deps.notices, 'received', {
            id: offerId,
            to: listing.sellerId,
            cardName: card.name,
            amountCents,
          });
          return this.view(tx, offerId, user.id);
        },
      ),
    );
  }

  /**
   * A new amount from the side whose turn it is: the seller's counter lies between the buyer's
   * amount and the price; the buyer's new amount is held instead of the old one.
   */
  async counter(user: SessionUser, offerId: string, amount: number): Promise<Offer> {
    return retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const { offer, role } = await this.lockTurn(tx, user, offerId);
        const amountCents = dollarsToCents(amount);
        const { listing, card } = await this.deps.listings.openListing(tx, offer.listingId);
        if (role === 'seller') {
          if (amountCents <= offer.amountCents || amountCents > listing.priceCents)
            throw badRequest(
              `amount: a counter must be more than ${formatCents(offer.amountCents)} and at most the price, ${formatCents(listing.priceCents)}`,
              { field: 'amount' },
            );
          await tx
            .update(marketOffers)
            .set({ amountCents, by: 'seller', updatedAt: sql`now()` })
            .where(eq(marketOffers.id, offerId));
        } else {
          if (amountCents >= offer.amountCents)
            throw badRequest('amount: to pay the counter, accept it', { field: 'amount' });
          if (listing.minOfferCents !== null && amountCents < listing.minOfferCents)
            throw tooLow(listing.minOfferCents);
          await this.deps.holds.release(
            tx,
            offer.holdId,
            'Offer changed: the earlier amount released',
          );
          const holdId = await this.deps.holds.hold(tx, user.id, amountCents, {
            refType: 'offer',
            refId: offerId,
            description: `Offer of ${formatCents(amountCents)} held`,
          });
          await tx
            .update(marketOffers)
            .set({
              amountCents,
              by: 'buyer',
              holdId,
              heldCents: amountCents,
              updatedAt: sql`now()`,
            })
            .where(eq(marketOffers.id, offerId));
        }
        await this.event(tx, offerId, role, 'counter', amountCents);
        await noticeOffer(tx, this.deps.notices, 'countered', {
          id: offerId,
          to: role === 'seller' ? offer.buyerId : offer.sellerId,
          answeredBy: user.id,
          cardName: card.name,
          amountCents,
        });
        return this.view(tx, offerId, user.id);
      }),
    );
  }

  /** Accepts the amount on the table, once per Idempotency-Key: the sale settles at once. */
  async accept(
    user: SessionUser,
    offerId: string,
    body: AcceptMarketOfferBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<Offer>> {
    await assertMarketAccess(this.db, user.id);
    return retryingConflicts(() =>
      runIdempotent(
        this.db,
        {
          userId: user.id,
          scope: 'market-accept',
          key: idempotencyKey,
          request: { offerId, ...body },
        },
        async (tx) => {
          const { offer, role } = await this.lockTurn(tx, user, offerId);
          if (offer.amountCents !== dollarsToCents(body.amount))
            throw conflict(`The amount changed to ${formatCents(offer.amountCents)}.`, {
              amount: centsToDollars(offer.amountCents),
            });
          const row = await this.deps.listings.openListing(tx, offer.listingId);
          // The database refuses an acceptance at or after the expiry (market_offers_accepted_in_time).
          await tx
            .update(marketOffers)
            .set({ status: 'accepted', decidedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(marketOffers.id, offerId));
          await settleSale(tx, this.deps, {
            listing: row.listing,
            buyerId: offer.buyerId,
            priceCents: offer.amountCents,
            kind: 'offer',
            offerId,
            actorId: user.id,
            cardName: row.card.name,
            pay: async (saleId) => {
              const captured = await this.deps.holds.capture(tx, offer.holdId, {
                kind: 'market',
                refType: 'market_sale',
                refId: saleId,
                description: `Bought "${row.card.name}" on the marketplace (offer accepted)`,
                amountCents: offer.amountCents,
              });
              if (!captured) throw conflict('This offer is no longer open.');
            },
          });
          await this.event(tx, offerId, role, 'accept', offer.amountCents);
          // The seller hears of the sale from the settlement; a buyer whose offer was taken, here.
          await noticeOffer(tx, this.deps.notices, 'accepted', {
            id: offerId,
            to: offer.buyerId,
            answeredBy: offer.sellerId,
            cardName: row.card.name,
            amountCents: offer.amountCents,
          });
          return this.view(tx, offerId, user.id);
        },
      ),
    );
  }

  /** Declines the amount on the table (the side whose turn it is): the hold is released. */
  async decline(user: SessionUser, offerId: string): Promise<Offer> {
    return this.end(user, offerId, 'declined');
  }

  /** The buyer takes their offer back: the hold is released. */
  async withdraw(user: SessionUser, offerId: string): Promise<Offer> {
    return this.end(user, offerId, 'withdrawn');
  }

  /**
   * Expires open offers past their time, oldest first, and releases their holds: each in its own
   * transaction that locks the listing first, as every other step does.
   */
  async expireDue(limit: number): Promise<number> {
    const due = await this.db
      .select({ id: marketOffers.id, listingId: marketOffers.listingId })
      .from(marketOffers)
      .where(and(eq(marketOffers.status, 'open'), lte(marketOffers.expiresAt, sql`now()`)))
      .orderBy(marketOffers.expiresAt)
      .limit(limit);
    for (const { id, listingId } of due) {
      await retryingConflicts(() =>
        this.db.transaction(async (tx) => {
          await tx
            .select({ id: marketListings.id })
            .from(marketListings)
            .where(eq(marketListings.id, listingId))
            .for('update');
          const [ended] = await tx
            .update(marketOffers)
            .set({ status: 'expired', decidedAt: sql`now()`, updatedAt: sql`now()` })
            .where(
              and(
                eq(marketOffers.id, id),
                eq(marketOffers.status, 'open'),
                lte(marketOffers.expiresAt, sql`now()`),
              ),
            )
            .returning();
          if (!ended) return;
          await this.deps.holds.release(tx, ended.holdId, 'Offer expired: the amount released');
          await this.event(tx, id, ended.by, 'expire', null);
          await this.tellEnded(tx, ended, 'expired');
        }),
      );
    }
    return due.length;
  }

  async list(userId: string, query: z.output<typeof OffersQuery>): Promise<OffersResponse> {
    const where = and(
      onSide(userId, OFFER_SIDES, query.role),
      query.status === 'all' ? undefined : eq(marketOffers.status, query.status),
    );
    const rows = await this.db
      .select()
      .from(marketOffers)
      .where(where)
      .orderBy(desc(marketOffers.updatedAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketOffers)
      .where(where);
    const offers = await this.views(this.db, rows, userId);
    // What waits for the caller comes first.
    offers.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn));
    return { offers, total: total?.n ?? 0 };
  }

  private async end(user: SessionUser, offerId: string, status: 'declined' | 'withdrawn') {
    return retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const { offer, role } =
          status === 'withdrawn'
            ? await this.lockOwn(tx, user, offerId)
            : await this.lockTurn(tx, user, offerId);
        if (status === 'withdrawn' && role !== 'buyer')
          throw forbidden('Only the buyer can withdraw an offer; decline it instead.');
        await tx
          .update(marketOffers)
          .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(marketOffers.id, offerId));
        await this.deps.holds.release(
          tx,
          offer.holdId,
          status === 'declined'
            ? 'Offer declined: the amount released'
            : 'Offer withdrawn: the amount released',
        );
        await this.event(tx, offerId, role, status === 'declined' ? 'decline' : 'withdraw', null);
        await this.tellEnded(tx, offer, role === 'seller' ? 'declined' : null);
        return this.view(tx, offerId, user.id);
      }),
    );
  }

  /**
   * An offer ended without a sale: neither side has it pinned any more, and the buyer hears of a
   * decline by the seller or an expiry with the amount given back.
   */
  private async tellEnded(tx: Tx, offer: OfferRecord, what: 'declined' | 'expired' | null) {
    const subject = { type: 'offer', id: offer.id };
    await this.deps.notices.answered(tx, offer.sellerId, subject);
    await this.deps.notices.answered(tx, offer.buyerId, subject);
    if (!what) return;
    const row = (await listingsByIds(tx, [offer.listingId])).get(offer.listingId);
    await noticeOffer(tx, this.deps.notices, what, {
      id: offer.id,
      to: offer.buyerId,
      cardName: row?.card.name ?? 'a card',
      amountCents: offer.heldCents,
    });
  }

  /**
   * The caller's open offer, locked after its listing (the order a sale locks them in): 404 when
   * not a party, 409 when it ended or expired.
   */
  private async lockOwn(tx: Tx, user: SessionUser, offerId: string) {
    const [found] = await tx
      .select({ listingId: marketOffers.listingId })
      .from(marketOffers)
      .where(and(eq(marketOffers.id, offerId), onSide(user.id, OFFER_SIDES)));
    if (!found) throw noOffer();
    await tx
      .select({ id: marketListings.id })
      .from(marketListings)
      .where(eq(marketListings.id, found.listingId))
      .for('update');
    const [offer] = await tx
      .select()
      .from(marketOffers)
      .where(eq(marketOffers.id, offerId))
      .for('update');
    if (!offer) throw noOffer();
    if (offer.status !== 'open')
      throw conflict(`This offer is ${offer.status}.`, { status: offer.status });
    if (offer.expiresAt.getTime() <= Date.now()) throw conflict('This offer has expired.');
    const role: OfferSide = offer.buyerId === user.id ? 'buyer' : 'seller';
    return { offer, role };
  }

  /** As lockOwn, and 409 unless it is the caller's turn to answer. */
  private async lockTurn(tx: Tx, user: SessionUser, offerId: string) {
    const found = await this.lockOwn(tx, user, offerId);
    if (found.offer.by === found.role)
      throw conflict('Waiting for the other side to answer your amount.');
    return found;
  }

  private async event(
    tx: Tx,
    offerId: string,
    by: OfferSide,
    action: 'offer' | 'counter' | 'accept' | 'decline' | 'withdraw' | 'expire',
    amountCents: number | null,
  ) {
    await tx.insert(marketOfferEvents).values({ offerId, by, action, amountCents });
  }

  private async view(db: Db | Tx, offerId: string, viewerId: string): Promise<Offer> {
    const rows = await db.select().from(marketOffers).where(eq(marketOffers.id, offerId));
    return (await this.views(db, rows, viewerId))[0]!;
  }

  private async views(db: Db | Tx, rows: OfferRecord[], viewerId: string): Promise<Offer[]> {
    if (!rows.length) return [];
    const listings = await listingsByIds(db, [...new Set(rows.map((r) => r.listingId))]);
    const names = await namesOf(
      db,
      rows.flatMap((r) => [r.buyerId, r.sellerId]),
    );
    const events = await offerEvents(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toOffer(
        r,
        listings.get(r.listingId)!,
        {
          buyer: names.get(r.buyerId)?.username ?? 'collector',
          seller: names.get(r.sellerId)?.username ?? 'collector',
        },
        events.get(r.id) ?? [],
        viewerId,
      ),
    );
  }
}
