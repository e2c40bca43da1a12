import { z } from 'zod';
import { queryInteger } from '../query.js';
import { id, MarketAmount, MarketCard } from './listings.js';

/*
 * Offers and counteroffers on a listing: the buyer's amount is held from their wallet while the
 * offer is open; acceptance settles at once, as Buy now does.
 */

export const OFFER_EXPIRY_DAYS_MIN = 1;
export const OFFER_EXPIRY_DAYS_MAX = 14;
export const OFFER_EXPIRY_DAYS_DEFAULT = 7;

export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'closed',
] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed: the card sold or the listing ended',
};

/** Who named the amount on the table: the buyer's offer or the seller's counter. */
export const OFFER_SIDES = ['buyer', 'seller'] as const;
export const OfferSide = z.enum(OFFER_SIDES);
export type OfferSide = z.infer<typeof OfferSide>;

export const OFFER_ACTIONS = [
  'offer',
  'counter',
  'accept',
  'decline',
  'withdraw',
  'expire',
  'close',
] as const;
export const OfferAction = z.enum(OFFER_ACTIONS);

export const Offer = z.object({
  _id: z.string(),
  listing: z.object({
    _id: z.string(),
    price: z.number(),
    status: z.enum(['open', 'sold', 'cancelled']),
    card: MarketCard.pick({ _id: true, name: true, grade: true, imageUrl: true, fmv: true }),
  }),
  buyer: z.string(),
  seller: z.string(),
  /** The caller's side of it. */
  role: OfferSide,
  /** The amount on the table now, and who named it. */
  amount: z.number(),
  by: OfferSide,
  /** What is held from the buyer's wallet while it is open (their latest amount). */
  held: z.number(),
  status: OfferStatus,
  /** True when the caller is the one to answer. */
  yourTurn: z.boolean(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  history: z.array(
    z.object({
      by: OfferSide,
      action: OfferAction,
      amount: z.number().nullable(),
      at: z.iso.datetime(),
    }),
  ),
});
export type Offer = z.infer<typeof Offer>;

export const NewOfferBody = z.strictObject({
  amount: MarketAmount,
  expiresInDays: z
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(OFFER_EXPIRY_DAYS_MIN, `must be at least ${OFFER_EXPIRY_DAYS_MIN} day`)
    .max(OFFER_EXPIRY_DAYS_MAX, `must be at most ${OFFER_EXPIRY_DAYS_MAX} days`)
    .default(OFFER_EXPIRY_DAYS_DEFAULT),
});
export type NewOfferBody = z.infer<typeof NewOfferBody>;

export const CounterOfferBody = z.strictObject({ amount: MarketAmount });
export type CounterOfferBody = z.infer<typeof CounterOfferBody>;

/** Acceptance names the amount the caller saw, so a counter that crossed it is not taken blind. */
export const AcceptMarketOfferBody = z.strictObject({ amount: MarketAmount });
export type AcceptMarketOfferBody = z.infer<typeof AcceptMarketOfferBody>;

export const OffersQuery = z.object({
  /** Offers on the caller's listings, or the caller's offers on others'. */
  role: OfferSide.optional(),
  status: z.enum([...OFFER_STATUSES, 'all']).default('open'),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(20),
});
export const OffersResponse = z.object({
  offers: z.array(Offer),
  total: z.number().int(),
});
export type OffersResponse = z.infer<typeof OffersResponse>;

export const OfferIdParams = z.object({ offerId: id });
