import { z } from 'zod';
import { ShippingAddress } from '../auth.js';
import { PACK_COUNTS } from '../constants.js';
import { MAX_DOLLARS, typedDollars } from '../money.js';
import { GrailCard, PullStatus } from './cases.js';

/*
 * Buying a pack and the pulls it gives: the collector's own, the public page, claiming and selling
 * back.
 */
export const ClientSeed = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');

export const BuyPackBody = z.object({ clientSeed: ClientSeed.optional() }).strict();
export type BuyPackBody = z.infer<typeof BuyPackBody>;

/**
 * An auto-sell threshold in dollars: the pulls whose FMV is below it (strictly) are sold back in
 * the purchase that draws them.
 */
export const AutoSellBelow = typedDollars(0.01, MAX_DOLLARS);

/**
 * Several packs in one purchase: `packs` (default 1) and, as for one pack, a client seed; with
 * `autoSellBelow`, the pulls whose FMV is below it are sold back in the same purchase.
 */
export const BuyPacksBody = BuyPackBody.extend({
  packs: z.literal(PACK_COUNTS, { message: 'must be 1, 3, 5 or 10' }).default(1),
  autoSellBelow: AutoSellBelow.optional(),
}).strict();
export type BuyPacksBody = z.infer<typeof BuyPacksBody>;

export const PullProof = z.object({
  clientSeed: z.string(),
  k: z.number().int(),
  remainingBefore: z.number().int(),
  position: z.number().int(),
});

/** Which card came out of which pack: what a collector's pull and its public page share. */
const PulledCard = z.object({
  _id: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  k: z.number().int(),
  totalItems: z.number().int(),
  card: GrailCard,
});

export const Pull = PulledCard.extend({
  status: PullStatus,
  pulledAt: z.string(),
  price: z.number(),
  proof: PullProof,
  /** What a sell-back credits now, and until when; null once claimed, sold back or expired. */
  sellBack: z.object({ amount: z.number(), percent: z.number(), until: z.string() }).nullable(),
  soldBackFor: z.number().nullable(),
  /** Sold back by the buyer's auto-sell rule in the purchase that drew it. */
  autoSold: z.boolean(),
  shipment: z
    .object({
      _id: z.string(),
      /** 'packing' once staff started packing the vault box the pull ships in. */
      status: z.enum(['pending', 'packing', 'shipped', 'delivered']),
      shipBy: z.string(),
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      shippedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Pull = z.infer<typeof Pull>;
export const PullResponse = z.object({ pull: Pull });
export type PullResponse = z.infer<typeof PullResponse>;
/**
 * A purchase of several packs: its pulls in pull order (consecutive pull numbers), what it cost in
 * all, and the sum of the pulls' FMVs; with an auto-sell threshold, the pulls it sold back (their
 * `autoSold` is true) and what they credited in all.
 */
export const PackPurchaseResponse = z.object({
  pulls: z.array(Pull),
  paid: z.number(),
  totalFmv: z.number(),
  autoSell: z
    .object({ below: z.number(), soldBack: z.number().int(), credited: z.number() })
    .nullable(),
});
export type PackPurchaseResponse = z.infer<typeof PackPurchaseResponse>;
export const PullListResponse = z.object({ pulls: z.array(Pull) });
export type PullListResponse = z.infer<typeof PullListResponse>;

export const ClaimBody = z.object({ shippingAddress: ShippingAddress.optional() }).strict();
export type ClaimBody = z.infer<typeof ClaimBody>;
export const SellBackResponse = z.object({ pull: Pull, credited: z.number(), balance: z.number() });
export type SellBackResponse = z.infer<typeof SellBackResponse>;

/** A collector's auto-sell rule, shown in the buy dialog: the threshold, or null for none. */
export const AutoSellRule = z.object({ below: AutoSellBelow.nullable() }).strict();
export type AutoSellRule = z.infer<typeof AutoSellRule>;

export const PullPreferences = z.object({ clientSeed: ClientSeed, pullsAnonymous: z.boolean() });
export type PullPreferences = z.infer<typeof PullPreferences>;

/**
 * A pull as anyone sees it on its public page (/pulls/{id}): the card, the pack and the proof, and
 * of the collector only the username they let recent pulls show, or 'Anonymous'.
 */
export const PublicPull = PulledCard.extend({
  pulledAt: z.string(),
  packPrice: z.number(),
  pulledBy: z.string(),
  proof: PullProof,
  serverSeedHash: z.string().nullable(),
});
export type PublicPull = z.infer<typeof PublicPull>;
export const PublicPullResponse = z.object({ pull: PublicPull });
export type PublicPullResponse = z.infer<typeof PublicPullResponse>;
