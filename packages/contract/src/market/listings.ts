import { z } from 'zod';
import { CardIdentity } from '../catalog.js';
import { CARD_GRADERS } from '../constants.js';
import { MAX_DOLLARS, typedDollars } from '../money.js';
import { PageFields, queryDecimal, queryDollars, queryInteger } from '../query.js';

/*
 * The marketplace between collectors (docs/marketplace.md): a collector lists a card from their
 * vault at a fixed price; another buys it from their wallet, settled in the same transaction.
 */

/** The lowest price a listing, an offer or a counteroffer may name, in dollars. */
export const MARKET_MIN_PRICE = 1;
/** The default of MARKETPLACE_FEE_PERCENT: the one seller fee, taken from the price. */
export const MARKETPLACE_FEE_PERCENT_DEFAULT = 5;

export const id = z.uuid({ message: 'must be a valid id' });
/** A price, an offer or a counteroffer: $1 to the site's maximum, in whole cents. */
export const MarketAmount = typedDollars(MARKET_MIN_PRICE, MAX_DOLLARS);

export const LISTING_STATUSES = ['open', 'sold', 'cancelled'] as const;
export const ListingStatus = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatus>;
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  open: 'For sale',
  sold: 'Sold',
  cancelled: 'Cancelled',
};

/** A listed card as every collector sees it. */
export const MarketCard = z.object({
  _id: z.string(),
  ...CardIdentity.omit({ team: true }).shape,
  grader: z.string().nullable(),
  /** Display grade: 'PSA GEM MT 10', 'BGS 9.5' or 'Raw'. */
  grade: z.string(),
  certNumber: z.string().nullable(),
  certUrl: z.string().nullable(),
  imageUrl: z.string(),
  fmv: z.number(),
  fmvSource: z.string(),
  fmvUpdatedAt: z.iso.datetime(),
});
export type MarketCard = z.infer<typeof MarketCard>;

export const Listing = z.object({
  _id: z.string(),
  /** The seller's holding of the card: what a trade proposal asks for. */
  holdingId: z.string(),
  card: MarketCard,
  /** The seller's public handle (their username). */
  seller: z.string(),
  price: z.number(),
  acceptsOffers: z.boolean(),
  /** The lowest offer the seller takes; null when any offer from $1 is welcome. */
  minOffer: z.number().nullable(),
  status: ListingStatus,
  /** Staff stopped sales of this listing while they look at it. */
  frozen: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  soldAt: z.iso.datetime().nullable(),
});
export type Listing = z.infer<typeof Listing>;

export const MARKET_SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'below_fmv',
  'grade_desc',
] as const;
export const MarketSort = z.enum(MARKET_SORTS);
export type MarketSort = z.infer<typeof MarketSort>;
export const MARKET_SORT_LABELS: Record<MarketSort, string> = {
  newest: 'Newly listed',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  below_fmv: 'Furthest below FMV',
  grade_desc: 'Grade: high to low',
};

const searchText = z.string().trim().max(100, 'must be at most 100 characters');

/** The marketplace's search, kept in the page's URL. */
export const MarketQuery = z.object({
  /** Words of the player, the card's name or its set. */
  q: searchText.optional(),
  player: searchText.optional(),
  set: searchText.optional(),
  year: queryInteger(1800, 2100).optional(),
  sport: searchText.optional(),
  grader: z.enum([...CARD_GRADERS, 'raw']).optional(),
  /** The lowest numeric grade (9 finds 9, 9.5 and 10). */
  minGrade: queryDecimal(1, 10).optional(),
  minPrice: queryDollars(0, MAX_DOLLARS).optional(),
  maxPrice: queryDollars(0, MAX_DOLLARS).optional(),
  sort: MarketSort.default('newest'),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 60).default(24),
});
export type MarketQuery = z.infer<typeof MarketQuery>;

export const MarketResponse = z.object({
  listings: z.array(Listing),
  ...PageFields,
});
export type MarketResponse = z.infer<typeof MarketResponse>;

export const NewListingBody = z
  .strictObject({
    holdingId: id,
    price: MarketAmount,
    acceptsOffers: z.boolean().default(false),
    minOffer: MarketAmount.nullable().optional(),
  })
  .refine((b) => b.minOffer == null || b.minOffer <= b.price, {
    message: 'must not be more than the price',
    path: ['minOffer'],
  });
export type NewListingBody = z.infer<typeof NewListingBody>;

export const EditListingBody = z
  .strictObject({
    price: MarketAmount.optional(),
    acceptsOffers: z.boolean().optional(),
    minOffer: MarketAmount.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Change the price or the offer settings' });
export type EditListingBody = z.infer<typeof EditListingBody>;

export const BuyListingBody = z.strictObject({
  /** The price the buyer saw: a listing repriced since answers 409 with the new price. */
  price: MarketAmount,
});
export type BuyListingBody = z.infer<typeof BuyListingBody>;

export const BuyListingResponse = z.object({
  listing: Listing,
  /** The buyer's new holding in their vault. */
  holdingId: z.string(),
  balance: z.number(),
});
export type BuyListingResponse = z.infer<typeof BuyListingResponse>;

export const ListingIdParams = z.object({ listingId: id });

/** The caller's own listings, for the vault's Selling tab, with their open offers. */
export const SellingResponse = z.object({
  listings: z.array(Listing.extend({ openOffers: z.number().int(), proceeds: z.number() })),
  feePercent: z.number(),
});
export type SellingResponse = z.infer<typeof SellingResponse>;
