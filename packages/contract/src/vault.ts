import { z } from 'zod';
import { ShippingAddress, SavedShippingAddress } from './address.js';
import { CARD_GRADERS, SHIPPING_PROMISE_HOURS } from './constants.js';
import { endpoint } from './endpoint.js';
import { centsToDollars, dollarsToCents } from './money.js';
import { PageFields, queryDecimal, queryInteger } from './query.js';

/*
 * The vault (docs/vault.md, decision 024): every card a collector wins or buys is held for them,
 * free, until they ship it or sell it back. Shipping from the vault costs one published fee.
 */

/** The shipping fee schedule, in dollars: the first card, each card after it, and free from. */
export const SHIPPING_FEE_FIRST_CARD = 5;
export const SHIPPING_FEE_EACH_ADDITIONAL = 1;
/** A box whose cards are insured for at least this much (their FMV) ships free. */
export const FREE_SHIPPING_FROM = 250;
/** The most cards in one box. */
export const MAX_CARDS_PER_SHIPMENT = 50;

/** The schedule in words, as the product page, cart, checkout and vault state it. */
export const SHIPPING_FEE_SCHEDULE_TEXT =
  `Shipping: $${SHIPPING_FEE_FIRST_CARD.toFixed(2)} for the first card, ` +
  `$${SHIPPING_FEE_EACH_ADDITIONAL.toFixed(2)} for each additional card, ` +
  `free from $${FREE_SHIPPING_FROM.toFixed(2)} of insured value. Storage in the vault is free.`;

/**
 * The fee of one box, in cents, from the schedule: the one rule the server charges and every
 * screen quotes.
 */
export function shippingFeeCents(cardCount: number, insuredValueCents: number): number {
  if (cardCount <= 0) return 0;
  if (insuredValueCents >= dollarsToCents(FREE_SHIPPING_FROM)) return 0;
  return (
    dollarsToCents(SHIPPING_FEE_FIRST_CARD) +
    (cardCount - 1) * dollarsToCents(SHIPPING_FEE_EACH_ADDITIONAL)
  );
}

/** The same fee in dollars, for a screen's quote. */
export const shippingFee = (cardCount: number, insuredValue: number) =>
  centsToDollars(shippingFeeCents(cardCount, dollarsToCents(insuredValue)));

export const HOLDING_STATES = [
  'in_vault',
  'ship_requested',
  'shipped',
  'sold_back',
  'listed',
  'in_trade',
  'sold',
] as const;
export const HoldingState = z.enum(HOLDING_STATES);
export type HoldingState = z.infer<typeof HoldingState>;
export const HOLDING_STATE_LABELS: Record<HoldingState, string> = {
  in_vault: 'In vault',
  ship_requested: 'Shipping requested',
  shipped: 'Shipped',
  sold_back: 'Sold back',
  listed: 'Listed',
  in_trade: 'In a trade',
  sold: 'Sold',
};
/** The states in which we still hold the card (the custody report counts these). */
export const CUSTODY_STATES = [
  'in_vault',
  'ship_requested',
  'listed',
  'in_trade',
] as const satisfies readonly HoldingState[];

export const HOLDING_SOURCES = ['pull', 'order', 'break', 'market', 'trade'] as const;
export const HoldingSource = z.enum(HOLDING_SOURCES);
export type HoldingSource = z.infer<typeof HoldingSource>;

const id = z.uuid({ message: 'must be a valid id' });

/** One card in a collector's vault, with what it is worth and what they paid. */
export const Holding = z.object({
  _id: z.string(),
  card: z.object({
    _id: z.string(),
    name: z.string(),
    sport: z.string(),
    year: z.number().int(),
    grader: z.string().nullable(),
    /** Display grade: 'PSA GEM MT 10', 'BGS 9.5' or 'Raw'. */
    grade: z.string(),
    certNumber: z.string().nullable(),
    certUrl: z.string().nullable(),
    imageUrl: z.string(),
  }),
  /** The card's fair market value now, when it was last set and where it comes from. */
  fmv: z.number(),
  fmvUpdatedAt: z.iso.datetime(),
  fmvSource: z.string(),
  /** What the collector paid: the pack price, the store price or a break hit's spot price. */
  cost: z.number(),
  /** fmv − cost. */
  gain: z.number(),
  state: HoldingState,
  source: HoldingSource,
  /**
   * The pull, order or break it came from, and how to say it ("Pull #12 of Case 7", "Store
   * order", "Hit #3 of <break>").
   */
  sourceId: z.string(),
  sourceLabel: z.string(),
  /** What a sell-back credits now, and until when; null unless the offer is open. */
  sellBack: z
    .object({ amount: z.number(), percent: z.number(), until: z.iso.datetime() })
    .nullable(),
  shipmentId: z.string().nullable(),
  acquiredAt: z.iso.datetime(),
});
export type Holding = z.infer<typeof Holding>;

export const VAULT_SORTS = [
  'newest',
  'oldest',
  'value_desc',
  'value_asc',
  'gain_desc',
  'name',
] as const;
export const VaultSort = z.enum(VAULT_SORTS);
export type VaultSort = z.infer<typeof VaultSort>;
export const VAULT_SORT_LABELS: Record<VaultSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  value_desc: 'Value: high to low',
  value_asc: 'Value: low to high',
  gain_desc: 'Gain: high to low',
  name: 'Name',
};

/** Filters of the vault page; `state` defaults to every card we still hold. */
export const VaultQuery = z.object({
  q: z.string().trim().max(100).optional(),
  grader: z.enum([...CARD_GRADERS, 'raw']).optional(),
  grade: queryDecimal(1, 10).optional(),
  sport: z.string().trim().min(1).max(40).optional(),
  state: z.enum([...HOLDING_STATES, 'custody', 'all']).default('custody'),
  sort: VaultSort.default('newest'),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(24),
});
export type VaultQuery = z.input<typeof VaultQuery>;

/** The whole vault's worth (every card we hold for the collector, whatever the filters). */
export const VaultTotals = z.object({
  cards: z.number().int(),
  value: z.number(),
  cost: z.number(),
  gain: z.number(),
});
export type VaultTotals = z.infer<typeof VaultTotals>;

export const VaultResponse = z.object({
  holdings: z.array(Holding),
  ...PageFields,
  totals: VaultTotals,
  /** The sports and graders among the collector's holdings, for the filters. */
  sports: z.array(z.string()),
});
export type VaultResponse = z.infer<typeof VaultResponse>;

/** The vault's value at the end of each day, oldest first (daily snapshots, then today's). */
export const VaultHistoryResponse = z.object({
  points: z.array(z.object({ day: z.iso.date(), value: z.number(), cost: z.number() })),
});
export type VaultHistoryResponse = z.infer<typeof VaultHistoryResponse>;

export const ShipRequestBody = z.strictObject({
  holdingIds: z
    .array(id)
    .min(1, 'Choose at least one card to ship')
    .max(MAX_CARDS_PER_SHIPMENT, `A box holds at most ${MAX_CARDS_PER_SHIPMENT} cards`)
    .refine((ids) => new Set(ids).size === ids.length, 'lists a card twice'),
  /** Where to; the profile's address when left out. */
  shippingAddress: ShippingAddress.optional(),
});
export type ShipRequestBody = z.infer<typeof ShipRequestBody>;

export const VAULT_SHIPMENT_STATUSES = [
  'pending',
  'packing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const VaultShipmentStatus = z.enum(VAULT_SHIPMENT_STATUSES);
export type VaultShipmentStatus = z.infer<typeof VaultShipmentStatus>;
export const VAULT_SHIPMENT_STATUS_LABELS: Record<VaultShipmentStatus, string> = {
  pending: 'Requested',
  packing: 'Being packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A box of vault cards as its collector sees it. */
export const VaultShipment = z.object({
  _id: z.string(),
  status: VaultShipmentStatus,
  cards: z.array(
    z.object({ holdingId: z.string(), name: z.string(), grade: z.string(), imageUrl: z.string() }),
  ),
  address: SavedShippingAddress,
  insuredValue: z.number(),
  fee: z.number(),
  /** The 48-hour promise: the request + SHIPPING_PROMISE_HOURS. */
  shipBy: z.iso.datetime(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  /** Until staff start packing it. */
  cancellable: z.boolean(),
});
export type VaultShipment = z.infer<typeof VaultShipment>;
export const VaultShipmentsResponse = z.object({ shipments: z.array(VaultShipment) });
export type VaultShipmentsResponse = z.infer<typeof VaultShipmentsResponse>;
export const ShipRequestResponse = z.object({ shipment: VaultShipment, balance: z.number() });
export type ShipRequestResponse = z.infer<typeof ShipRequestResponse>;
export const CancelShipmentResponse = z.object({
  shipment: VaultShipment,
  refunded: z.number(),
  balance: z.number(),
});
export type CancelShipmentResponse = z.infer<typeof CancelShipmentResponse>;

export const HoldingIdParams = z.object({ holdingId: id });
export const VaultShipmentIdParams = z.object({ shipmentId: id });
export const StaffUserVaultParams = z.object({ userId: id });

/** Staff: cards we hold and what they are insured for, by state and by owner. */
export const CustodyReport = z.object({
  byState: z.array(
    z.object({ state: HoldingState, cards: z.number().int(), insuredValue: z.number() }),
  ),
  byOwner: z.array(
    z.object({
      user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
      cards: z.number().int(),
      insuredValue: z.number(),
    }),
  ),
  /** Over every owner; `owners` (collectors with cards in custody) is `byOwner`'s page count base. */
  totals: z.object({
    cards: z.number().int(),
    insuredValue: z.number(),
    owners: z.number().int(),
  }),
  asOf: z.iso.datetime(),
});
export type CustodyReport = z.infer<typeof CustodyReport>;
export const CustodyReportQuery = z.object({
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(50),
});

export const VAULT_SHIP_BY_TEXT = `Shipped within ${SHIPPING_PROMISE_HOURS} hours of your request.`;

const tags = ['vault'];
const staffTags = ['admin', 'vault'];

export const vaultEndpoints = {
  vault: endpoint({
    method: 'GET',
    path: '/api/vault',
    operationId: 'myVault',
    summary: "The caller's holdings, filtered, sorted and paged, with the whole vault's totals",
    tags,
    guard: 'authenticated',
    query: VaultQuery,
    response: VaultResponse,
  }),
  vaultHistory: endpoint({
    method: 'GET',
    path: '/api/vault/history',
    operationId: 'myVaultHistory',
    summary: "The caller's vault value at the end of each day (up to a year)",
    tags,
    guard: 'authenticated',
    response: VaultHistoryResponse,
  }),
  vaultShipments: endpoint({
    method: 'GET',
    path: '/api/vault/shipments',
    operationId: 'myVaultShipments',
    summary: "The caller's boxes from the vault, newest first",
    tags,
    guard: 'authenticated',
    response: VaultShipmentsResponse,
  }),
  requestShipment: endpoint({
    method: 'POST',
    path: '/api/vault/shipments',
    operationId: 'requestVaultShipment',
    summary:
      'Ship cards from the vault in one box; the fee (published schedule) is debited at once',
    tags,
    guard: 'authenticated',
    idempotent: true,
    body: ShipRequestBody,
    status: 201,
    response: ShipRequestResponse,
    errors: [404, 409],
  }),
  cancelShipment: endpoint({
    method: 'POST',
    path: '/api/vault/shipments/:shipmentId/cancel',
    operationId: 'cancelVaultShipment',
    summary:
      'Cancel a box before staff start packing it: the cards return to the vault, the fee is refunded',
    tags,
    guard: 'authenticated',
    params: VaultShipmentIdParams,
    response: CancelShipmentResponse,
    errors: [404, 409],
  }),
  adminCustody: endpoint({
    method: 'GET',
    path: '/api/admin/vault/custody',
    operationId: 'adminCustodyReport',
    summary: 'Cards held for collectors and their insured value, by state and by owner',
    tags: staffTags,
    guard: 'admin',
    query: CustodyReportQuery,
    response: CustodyReport,
  }),
  adminUserVault: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId/vault',
    operationId: 'adminUserVault',
    summary: "A collector's vault as they see it (audited)",
    tags: staffTags,
    guard: 'admin',
    params: StaffUserVaultParams,
    query: VaultQuery,
    response: VaultResponse,
    errors: [404],
  }),
  adminStartPacking: endpoint({
    method: 'POST',
    path: '/api/admin/shipments/:shipmentId/packing',
    operationId: 'adminStartPacking',
    summary: 'Start packing a vault box: from now on its collector can no longer cancel it',
    tags: staffTags,
    guard: 'admin',
    params: VaultShipmentIdParams,
    response: VaultShipment,
    errors: [404, 409],
  }),
} as const;
