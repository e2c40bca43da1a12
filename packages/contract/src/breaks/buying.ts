import { z } from 'zod';
import { ShippingAddress } from '../auth.js';
import { ClientSeed } from '../grail.js';
import { BREAK_MAX_SPOTS, BREAK_MAX_SPOTS_PER_PURCHASE, BreakHitStatus } from './basics.js';
import { BreakHit, BreakSummary } from './views.js';

// ---- Buying spots ----

export const BuySpotsBody = z
  .object({
    /** Random team: how many spots (the next free ones). */
    quantity: z.number().int().min(1).max(BREAK_MAX_SPOTS_PER_PURCHASE).optional(),
    /** Pick your team: the spots (teams) chosen. */
    spotNumbers: z
      .array(z.number().int().min(1).max(BREAK_MAX_SPOTS))
      .min(1)
      .max(BREAK_MAX_SPOTS_PER_PURCHASE)
      .refine((n) => new Set(n).size === n.length, 'must not name a spot twice')
      .optional(),
    clientSeed: ClientSeed.optional(),
  })
  .strict()
  .refine((b) => !(b.quantity !== undefined && b.spotNumbers !== undefined), {
    path: ['spotNumbers'],
    message: 'send either quantity or spotNumbers, not both',
  });
export type BuySpotsBody = z.infer<typeof BuySpotsBody>;

export const MySpot = z.object({
  spotNumber: z.number().int(),
  team: z.string().nullable(),
  price: z.number(),
  k: z.number().int(),
  clientSeed: z.string(),
  purchasedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type MySpot = z.infer<typeof MySpot>;
export const BuySpotsResponse = z.object({
  breakId: z.string(),
  spots: z.array(MySpot),
  charged: z.number(),
  balance: z.number(),
});
export type BuySpotsResponse = z.infer<typeof BuySpotsResponse>;

// ---- The owner's side ----

export const MyHit = BreakHit.extend({
  status: BreakHitStatus,
  /** What a sell-back credits now; null when staff set no price or it can no longer be sold. */
  buybackPrice: z.number().nullable(),
  soldBackFor: z.number().nullable(),
});
export type MyHit = z.infer<typeof MyHit>;

export const BreakShipment = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'shipped', 'delivered']),
  shipBy: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export const MyBreak = z.object({
  break: BreakSummary,
  spots: z.array(MySpot),
  hits: z.array(MyHit),
  /** The one combined shipment of this break's hits, once claimed. */
  shipment: BreakShipment.nullable(),
  /** Held hits can be claimed now (the break has ended). */
  canClaim: z.boolean(),
  /**
   * What claiming them costs: the published fee schedule on their value (the buyback price, else
   * the spot's price), as any ship request from the vault.
   */
  claimFee: z.number(),
});
export type MyBreak = z.infer<typeof MyBreak>;
export const MyBreaksResponse = z.object({ breaks: z.array(MyBreak) });
export type MyBreaksResponse = z.infer<typeof MyBreaksResponse>;

export const ClaimHitsBody = z.object({ shippingAddress: ShippingAddress.optional() }).strict();
export type ClaimHitsBody = z.infer<typeof ClaimHitsBody>;
/** A claim is a vault ship request: its fee (the published schedule) and the wallet after it. */
export const ClaimHitsResponse = z.object({ break: MyBreak, fee: z.number(), balance: z.number() });
export type ClaimHitsResponse = z.infer<typeof ClaimHitsResponse>;
export const SellBackHitResponse = z.object({
  hit: MyHit,
  credited: z.number(),
  balance: z.number(),
});
export type SellBackHitResponse = z.infer<typeof SellBackHitResponse>;
