import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { createdAt, requiredRef, timestamptz, uuidKey } from './columns.js';

/*
 * Withdrawals (docs/withdrawals.md): the collector's saved payout methods and the cash they take
 * out of the wallet. The money itself moves in the wallet's ledger (kind 'withdrawal').
 */

export const WITHDRAWAL_METHOD_VALUES = ['bank', 'paypal'] as const;
export const WITHDRAWAL_STATUS_VALUES = ['pending', 'paid', 'rejected'] as const;

/** A bank account or PayPal address, sealed (lib/payout-details.ts) with the mask shown for it. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: WITHDRAWAL_METHOD_VALUES }).notNull(),
    detailsEnc: text('details_enc').notNull(),
    mask: text('mask').notNull(),
    /** A keyed hash of the details (lib/payout-details.ts): the same account, the same print. */
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_methods_fingerprint_idx').on(t.fingerprint),
    check('payout_methods_method_known', sql`${t.method} in ('bank', 'paypal')`),
    index('payout_methods_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * One withdrawal: the amount left the wallet when it was asked for; staff pay it (with the
 * payment's reference) or reject it (the amount returns to cash). The payout method is copied, so
 * what staff pay to is what the collector chose.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payoutMethodId: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    method: text('method', { enum: WITHDRAWAL_METHOD_VALUES }).notNull(),
    detailsEnc: text('details_enc').notNull(),
    mask: text('mask').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUS_VALUES }).notNull().default('pending'),
    reference: text('reference'),
    rejectReason: text('reject_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    check('withdrawals_status_known', sql`${t.status} in ('pending', 'paid', 'rejected')`),
    // A decided withdrawal says how: paid with a reference, rejected with a reason.
    check(
      'withdrawals_decision_complete',
      sql`(${t.status} = 'pending' and ${t.decidedAt} is null) or (${t.status} = 'paid' and ${t.reference} is not null and ${t.decidedAt} is not null) or (${t.status} = 'rejected' and ${t.rejectReason} is not null and ${t.decidedAt} is not null)`,
    ),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
  ],
);
