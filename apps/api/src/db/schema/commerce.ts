import { sql } from 'drizzle-orm';
import { LEDGER_KINDS, VAULT_SHIPMENT_STATUSES } from '@grail/contract';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './catalog.js';
import { users, type ShippingAddress } from './users.js';
import { createdAt, requiredRef, serialKey, timestamptz, updatedAt, uuidKey } from './columns.js';

/**
 * One row per user holding the running balance; the CHECKs make a negative balance (or one past
 * what a JS number holds exactly) impossible whatever the code does. The ledger below is the append-only history it is derived from.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The whole wallet: cash plus store credit. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** The store-credit part of the balance (bonuses, goodwill): spent first, never withdrawn. */
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_nonnegative', sql`${t.balanceCents} >= 0`),
    // The largest balance a JS number holds exactly (migration 0018).
    check('wallets_balance_safe', sql`${t.balanceCents} <= 9007199254740991`),
    // Store credit is a part of the balance (decision 023), so cash = balance − credit ≥ 0.
    check('wallets_credit_within_balance', sql`${t.creditCents} between 0 and ${t.balanceCents}`),
  ],
);

export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: serialKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** Signed: credits positive, debits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** What the entry pays for: 'order', 'pull', 'top_up'... and its id. */
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    description: text('description').notNull(),
    /**
     * The store-credit part of the amount, signed like it (decision 026): what a debit took from
     * store credit, what a credit added to it; the rest is cash. 0 on entries from before 0023.
     */
    storeCreditCents: bigint('store_credit_cents', { mode: 'number' }).notNull().default(0),
    /** On a refund: the payment (debit entry) it returns, whose parts it gives back. */
    refundOf: bigint('refund_of', { mode: 'number' }).references(
      (): AnyPgColumn => walletLedger.id,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_amount_nonzero', sql`${t.amountCents} <> 0`),
    check('ledger_balance_nonnegative', sql`${t.balanceAfterCents} >= 0`),
    check(
      'ledger_store_credit_within_amount',
      sql`${t.storeCreditCents} between least(${t.amountCents}, 0) and greatest(${t.amountCents}, 0)`,
    ),
    index('ledger_user_idx').on(t.userId, t.id.desc()),
    index('ledger_ref_idx').on(t.refType, t.refId),
    index('ledger_refund_of_idx')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    // A break spot is refunded at most once, however often the refund runs.
    uniqueIndex('ledger_break_refund_uq')
      .on(t.refType, t.refId)
      .where(sql`${t.kind} = 'refund' and ${t.refType} = 'break_spot'`),
    // A hold is taken once and ended once: a second release is refused by the database.
    uniqueIndex('ledger_hold_once_uq')
      .on(t.refId)
      .where(sql`${t.kind} = 'hold'`),
    uniqueIndex('ledger_hold_release_once_uq')
      .on(t.refId)
      .where(sql`${t.kind} = 'hold_release'`),
  ],
);

export const SHIPMENT_SOURCE_VALUES = ['order', 'pull', 'break', 'vault'] as const;

/** Where a sold or pulled card goes; ship-by is the 48-hour promise. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /**
     * 'order', 'pull' or 'break' (an owner's combined break claim) and its id; 'vault' is a box of
     * vault holdings (the vault module's rows point at it), whose source id is its own id.
     */
    sourceType: text('source_type', { enum: SHIPMENT_SOURCE_VALUES }).notNull(),
    sourceId: uuid('source_id').notNull(),
    address: jsonb('address').$type<ShippingAddress>().notNull(),
    /** 'packing' (staff started it; no longer cancellable) and 'cancelled' are vault boxes' only. */
    status: text('status', { enum: VAULT_SHIPMENT_STATUSES }).notNull().default('pending'),
    /** What the collector paid for shipping and the cards' FMV it is insured for (vault boxes). */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    insuredValueCents: bigint('insured_value_cents', { mode: 'number' }).notNull().default(0),
    shipBy: timestamptz('ship_by').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipments_fee_nonnegative', sql`${t.feeCents} >= 0 and ${t.insuredValueCents} >= 0`),
    index('shipments_due_idx').on(t.status, t.shipBy),
    index('shipments_source_idx').on(t.sourceType, t.sourceId),
    index('shipments_user_idx').on(t.userId),
  ],
);

/** Repeated submits with one Idempotency-Key get the first answer (scoped per user and operation). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const TOP_UP_STATUSES = ['pending', 'succeeded', 'cancelled'] as const;

/**
 * A wallet top-up through a payment provider. It credits the wallet exactly once: the move from
 * 'pending' to 'succeeded' is a conditional UPDATE in the crediting transaction.
 */
export const topUps = pgTable(
  'top_ups',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for the payment (Stripe Checkout Session id); null for the sandbox. */
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: TOP_UP_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    check('top_ups_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('top_ups_provider_ref_idx').on(t.provider, t.providerRef),
    index('top_ups_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Every Stripe webhook event handled, by its id: a replayed delivery finds its row and does nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled'] as const;

export const orders = pgTable(
  'orders',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('paid'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Part of the total: the fee schedule's charge when it ships now, 0 when kept in the vault. */
    shippingFeeCents: bigint('shipping_fee_cents', { mode: 'number' }).notNull().default(0),
    /** 'ship' (a box now) or 'vault' (kept in the collector's vault; no address needed). */
    delivery: text('delivery', { enum: ['ship', 'vault'] })
      .notNull()
      .default('ship'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    paidAt: timestamptz('paid_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_total_positive', sql`${t.totalCents} > 0`),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** The UNIQUE card id is the last line of defence: one physical card can be in one order only. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .unique('order_items_card_unique')
      .references(() => cards.id),
    /** What was paid and what it was called at the time, whatever the catalogue says later. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.cardId] }),
    check('order_items_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** A signed-in collector's cart; visitors keep theirs in local storage until they sign in. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    cardId: requiredRef('card_id', () => cards.id, { onDelete: 'cascade' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] })],
);
