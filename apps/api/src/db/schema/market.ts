import { sql } from 'drizzle-orm';
import {
  LISTING_STATUSES,
  OFFER_ACTIONS,
  OFFER_SIDES,
  OFFER_STATUSES,
  SALE_KINDS,
  TRADE_SIDES,
  TRADE_STATUSES,
} from '@grail/contract';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './catalog.js';
import { holdings } from './vault.js';
import { users } from './users.js';
import { walletHolds } from './wallet-holds.js';
import {
  createdAt,
  inList,
  requiredRef,
  serialKey,
  timestamptz,
  updatedAt,
  uuidKey,
} from './columns.js';

/*
 * The marketplace between collectors (decision 029, docs/marketplace.md). The market module alone
 * reads and writes these; the cards move in the vault's holdings and the money in the wallet.
 */

/** A card from a collector's vault offered at a fixed price (the holding is 'listed' meanwhile). */
export const marketListings = pgTable(
  'market_listings',
  {
    id: uuidKey(),
    sellerId: requiredRef('seller_id', () => users.id, { onDelete: 'cascade' }),
    holdingId: requiredRef('holding_id', () => holdings.id),
    cardId: requiredRef('card_id', () => cards.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    acceptsOffers: boolean('accepts_offers').notNull().default(false),
    minOfferCents: bigint('min_offer_cents', { mode: 'number' }),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('open'),
    /** Set while staff hold the listing: it cannot be bought or offered on. */
    frozenAt: timestamptz('frozen_at'),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    check('market_listings_price_range', sql`${t.priceCents} between 100 and 1000000000`),
    check(
      'market_listings_min_offer_range',
      sql`${t.minOfferCents} is null or ${t.minOfferCents} between 100 and ${t.priceCents}`,
    ),
    check('market_listings_status_known', sql`${t.status} in (${inList(LISTING_STATUSES)})`),
    check(
      'market_listings_closed_when_ended',
      sql`(${t.status} = 'open') = (${t.closedAt} is null)`,
    ),
    // One open listing per card in custody.
    uniqueIndex('market_listings_one_open_uq')
      .on(t.holdingId)
      .where(sql`${t.status} = 'open'`),
    index('market_listings_open_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'open'`),
    index('market_listings_open_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.status} = 'open'`),
    index('market_listings_seller_idx').on(t.sellerId, t.createdAt),
  ],
);

/**
 * One negotiation over a listing between its seller and one buyer: the amount on the table and
 * who named it. The buyer's latest amount is held (`hold_id`) while it is open.
 */
export const marketOffers = pgTable(
  'market_offers',
  {
    id: uuidKey(),
    listingId: requiredRef('listing_id', () => marketListings.id),
    buyerId: requiredRef('buyer_id', () => users.id, { onDelete: 'cascade' }),
    sellerId: requiredRef('seller_id', () => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    by: text('by', { enum: OFFER_SIDES }).notNull().default('buyer'),
    holdId: requiredRef('hold_id', () => walletHolds.id),
    heldCents: bigint('held_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('market_offers_amount_range', sql`${t.amountCents} between 100 and 1000000000`),
    check('market_offers_status_known', sql`${t.status} in (${inList(OFFER_STATUSES)})`),
    check('market_offers_side_known', sql`${t.by} in (${inList(OFFER_SIDES)})`),
    check('market_offers_not_own', sql`${t.buyerId} <> ${t.sellerId}`),
    check(
      'market_offers_decided_when_ended',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null)`,
    ),
    // An offer is accepted only before it expires: the database refuses it, not only the code.
    check(
      'market_offers_accepted_in_time',
      sql`${t.status} <> 'accepted' or ${t.decidedAt} < ${t.expiresAt}`,
    ),
    uniqueIndex('market_offers_one_open_uq')
      .on(t.listingId, t.buyerId)
      .where(sql`${t.status} = 'open'`),
    index('market_offers_listing_idx').on(t.listingId, t.status),
    index('market_offers_buyer_idx').on(t.buyerId, t.updatedAt),
    index('market_offers_seller_idx').on(t.sellerId, t.updatedAt),
    index('market_offers_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** What happened to an offer, in order, for both sides' history. */
export const marketOfferEvents = pgTable(
  'market_offer_events',
  {
    id: serialKey(),
    offerId: requiredRef('offer_id', () => marketOffers.id, { onDelete: 'cascade' }),
    by: text('by', { enum: OFFER_SIDES }).notNull(),
    action: text('action', { enum: OFFER_ACTIONS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    at: createdAt(),
  },
  (t) => [
    check('market_offer_events_action_known', sql`${t.action} in (${inList(OFFER_ACTIONS)})`),
    index('market_offer_events_offer_idx').on(t.offerId, t.id),
  ],
);

/**
 * Every settled marketplace sale (a Buy now or an accepted offer): the comps read these. A sale
 * between related accounts is flagged and kept out of the comps.
 */
export const marketSales = pgTable(
  'market_sales',
  {
    id: uuidKey(),
    kind: text('kind', { enum: SALE_KINDS }).notNull(),
    listingId: requiredRef('listing_id', () => marketListings.id),
    offerId: uuid('offer_id').references(() => marketOffers.id),
    cardId: requiredRef('card_id', () => cards.id),
    sellerId: requiredRef('seller_id', () => users.id),
    buyerId: requiredRef('buyer_id', () => users.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    /** Why it is kept out of the comps: the accounts are related. Null for a counted sale. */
    flagReason: text('flag_reason'),
    soldAt: createdAt(),
  },
  (t) => [
    check('market_sales_kind_known', sql`${t.kind} in ('market', 'offer')`),
    check('market_sales_fee_within_price', sql`${t.feeCents} between 0 and ${t.priceCents}`),
    check('market_sales_not_own', sql`${t.buyerId} <> ${t.sellerId}`),
    // A listing sells once.
    uniqueIndex('market_sales_listing_uq').on(t.listingId),
    index('market_sales_card_idx').on(t.cardId, t.soldAt),
    index('market_sales_flagged_idx')
      .on(t.soldAt)
      .where(sql`${t.flagReason} is not null`),
  ],
);

/** Collectors whose market access staff froze (listing, buying, offers and trades). */
export const marketAccessFreezes = pgTable('market_access_freezes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  frozenBy: uuid('frozen_by').references(() => users.id, { onDelete: 'set null' }),
  frozenAt: createdAt(),
});

/**
 * A card-for-card proposal with cash either way: the proposer's cards are 'in_trade' and their
 * cash held while it is open. A counter ends it and opens the answer with the sides swapped.
 */
export const marketTrades = pgTable(
  'market_trades',
  {
    id: uuidKey(),
    proposerId: requiredRef('proposer_id', () => users.id, { onDelete: 'cascade' }),
    recipientId: requiredRef('recipient_id', () => users.id, { onDelete: 'cascade' }),
    proposerCashCents: bigint('proposer_cash_cents', { mode: 'number' }).notNull().default(0),
    recipientCashCents: bigint('recipient_cash_cents', { mode: 'number' }).notNull().default(0),
    holdId: uuid('hold_id').references(() => walletHolds.id),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('open'),
    counterOf: uuid('counter_of'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('market_trades_status_known', sql`${t.status} in (${inList(TRADE_STATUSES)})`),
    check('market_trades_not_own', sql`${t.proposerId} <> ${t.recipientId}`),
    check(
      'market_trades_cash_nonnegative',
      sql`${t.proposerCashCents} >= 0 and ${t.recipientCashCents} >= 0`,
    ),
    check(
      'market_trades_hold_when_cash',
      sql`(${t.proposerCashCents} > 0) = (${t.holdId} is not null)`,
    ),
    check(
      'market_trades_decided_when_ended',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null)`,
    ),
    check(
      'market_trades_accepted_in_time',
      sql`${t.status} <> 'accepted' or ${t.decidedAt} < ${t.expiresAt}`,
    ),
    index('market_trades_proposer_idx').on(t.proposerId, t.createdAt),
    index('market_trades_recipient_idx').on(t.recipientId, t.createdAt),
    index('market_trades_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The cards of a trade, each on the side that gives it. */
export const marketTradeItems = pgTable(
  'market_trade_items',
  {
    tradeId: requiredRef('trade_id', () => marketTrades.id, { onDelete: 'cascade' }),
    holdingId: requiredRef('holding_id', () => holdings.id),
    side: text('side', { enum: TRADE_SIDES }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.holdingId] }),
    check('market_trade_items_side_known', sql`${t.side} in ('proposer', 'recipient')`),
    index('market_trade_items_holding_idx').on(t.holdingId),
  ],
);
