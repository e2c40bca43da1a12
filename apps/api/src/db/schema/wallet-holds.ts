import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { createdAt, requiredRef, serialKey, timestamptz, uuidKey } from './columns.js';

/*
 * Money set aside and the house's own account (decision 029): the wallet module alone reads and
 * writes these. Wallets + open holds + the house's fees change only by top-ups and withdrawals.
 */

export const WALLET_HOLD_STATUSES = ['open', 'released', 'captured'] as const;

/**
 * Cents taken out of a wallet for an open offer or trade (ledger kind 'hold'). It ends once:
 * released back to the wallet ('hold_release') or captured by the purchase it was for.
 */
export const walletHolds = pgTable(
  'wallet_holds',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: WALLET_HOLD_STATUSES }).notNull().default('open'),
    /** What it is held for: 'offer' or 'trade', and its id. */
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: createdAt(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    check('wallet_holds_amount_positive', sql`${t.amountCents} > 0`),
    check('wallet_holds_status_known', sql`${t.status} in ('open', 'released', 'captured')`),
    check('wallet_holds_closed_when_ended', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    index('wallet_holds_user_idx').on(t.userId, t.status),
    index('wallet_holds_ref_idx').on(t.refType, t.refId),
  ],
);

export const HOUSE_LEDGER_KINDS = ['market_fee'] as const;

/** The house's account: the marketplace's seller fees, one row per sale or trade. */
export const houseLedger = pgTable(
  'house_ledger',
  {
    id: serialKey(),
    kind: text('kind', { enum: HOUSE_LEDGER_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('house_ledger_amount_positive', sql`${t.amountCents} > 0`),
    check('house_ledger_kind_known', sql`${t.kind} in ('market_fee')`),
    // A sale's fee is taken once, however often its settlement is retried.
    uniqueIndex('house_ledger_once_uq').on(t.kind, t.refType, t.refId),
  ],
);
