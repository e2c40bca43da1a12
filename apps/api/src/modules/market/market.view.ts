import {
  centsToDollars,
  certVerificationUrl,
  imageUrl,
  type Listing,
  type MarketCard,
  type Offer,
  type OfferSide,
} from '@grail/contract';
import type { marketListings, marketOfferEvents, marketOffers } from '../../db/schema/index.js';
import { gradeLabel } from '../catalog/catalog.view.js';
import type { marketCardColumns } from '../inventory/inventory.reads.js';

export type ListingRecord = typeof marketListings.$inferSelect;
export type OfferRecord = typeof marketOffers.$inferSelect;
export type OfferEventRecord = typeof marketOfferEvents.$inferSelect;
export type ListedCard = Awaited<ReturnType<typeof marketCardColumns>>[number];

/** A listing row with its card, as the reads join them. */
export interface LockedListing {
  listing: ListingRecord;
  card: ListedCard;
}

/** A listing row with its card and its seller's handle. */
export interface ListingRow extends LockedListing {
  seller: string;
}

const iso = (d: Date) => d.toISOString();

export const toMarketCard = (card: ListedCard): MarketCard => ({
  _id: card.cardId,
  name: card.name,
  player: card.player,
  year: card.year,
  setName: card.setName,
  cardNumber: card.cardNumber,
  sport: card.sport,
  grader: card.grader,
  grade: gradeLabel(card),
  certNumber: card.certNumber,
  certUrl: certVerificationUrl(card.grader, card.certNumber),
  imageUrl: card.imageIds[0] ? imageUrl(card.imageIds[0]) : '',
  fmv: centsToDollars(card.fmvCents),
  fmvSource: card.fmvSource,
  fmvUpdatedAt: iso(card.fmvUpdatedAt),
});

export const toListing = ({ listing, card, seller }: ListingRow): Listing => ({
  _id: listing.id,
  holdingId: listing.holdingId,
  card: toMarketCard(card),
  seller,
  price: centsToDollars(listing.priceCents),
  acceptsOffers: listing.acceptsOffers,
  minOffer: listing.minOfferCents === null ? null : centsToDollars(listing.minOfferCents),
  status: listing.status,
  frozen: listing.frozenAt !== null,
  createdAt: iso(listing.createdAt),
  updatedAt: iso(listing.updatedAt),
  soldAt: listing.status === 'sold' && listing.closedAt ? iso(listing.closedAt) : null,
});

/** An offer as one of its two sides sees it. */
export function toOffer(
  offer: OfferRecord,
  listing: LockedListing,
  names: { buyer: string; seller: string },
  events: OfferEventRecord[],
  viewerId: string,
): Offer {
  const role: OfferSide = viewerId === offer.buyerId ? 'buyer' : 'seller';
  const card = toMarketCard(listing.card);
  return {
    _id: offer.id,
    listing: {
      _id: listing.listing.id,
      price: centsToDollars(listing.listing.priceCents),
      status: listing.listing.status,
      card: {
        _id: card._id,
        name: card.name,
        grade: card.grade,
        imageUrl: card.imageUrl,
        fmv: card.fmv,
      },
    },
    buyer: names.buyer,
    seller: names.seller,
    role,
    amount: centsToDollars(offer.amountCents),
    by: offer.by,
    held: offer.status === 'open' ? centsToDollars(offer.heldCents) : 0,
    status: offer.status,
    yourTurn: offer.status === 'open' && offer.by !== role,
    expiresAt: iso(offer.expiresAt),
    createdAt: iso(offer.createdAt),
    updatedAt: iso(offer.updatedAt),
    history: events.map((e) => ({
      by: e.by,
      action: e.action,
      amount: e.amountCents === null ? null : centsToDollars(e.amountCents),
      at: iso(e.at),
    })),
  };
}
