import { z } from 'zod';
import { id } from './listings.js';

/** The marketplace as staff watch it: what is open, what the fee brought, and flagged sales. */
export const AdminMarketResponse = z.object({
  openListings: z.number().int(),
  frozenListings: z.number().int(),
  openOffers: z.number().int(),
  openTrades: z.number().int(),
  sales: z.number().int(),
  feesCollected: z.number(),
  /** Sales between related accounts, kept out of the comps, newest first. */
  flaggedSales: z.array(
    z.object({
      _id: z.string(),
      cardName: z.string(),
      seller: z.string(),
      buyer: z.string(),
      price: z.number(),
      reason: z.string(),
      soldAt: z.iso.datetime(),
    }),
  ),
  /** Collectors whose market access staff froze. */
  frozenCollectors: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      reason: z.string(),
      since: z.iso.datetime(),
    }),
  ),
});
export type AdminMarketResponse = z.infer<typeof AdminMarketResponse>;

export const FreezeListingBody = z.strictObject({ frozen: z.boolean() });
export const MarketAccessBody = z
  .strictObject({
    frozen: z.boolean(),
    reason: z.string().trim().min(3, 'Say why, for the record').max(500).optional(),
  })
  .refine((b) => !b.frozen || b.reason, { message: 'Say why, for the record', path: ['reason'] });
export const MarketUserParams = z.object({ userId: id });
