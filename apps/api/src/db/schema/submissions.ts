import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYOUT_METHODS, SUBMISSION_GRADERS, SUBMISSION_STATUSES } from '@grail/contract';
import { cards } from './catalog.js';
import { images } from './platform.js';
import { users } from './users.js';
import {
  createdAt,
  inList,
  requiredRef,
  serialKey,
  timestamptz,
  updatedAt,
  uuidKey,
} from './columns.js';

/**
 * A collector's offer to sell graded cards. The status moves only through the transitions of
 * SubmissionsService; offers and payouts are written by staff alone.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuidKey(),
    /** Shown as S-000042 on the packing slip and in e-mails. */
    number: bigserial('number', { mode: 'number' }).notNull().unique('submissions_number_unique'),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('submitted'),
    note: text('note'),
    payoutMethod: text('payout_method', { enum: PAYOUT_METHODS }).notNull(),
    /** Bank or PayPal details, sealed with APP_SECRET (purpose "submission payout"). */
    payoutDetailsEnc: text('payout_details_enc'),
    /** What may be shown: "Account ••••6789 (Casey Collector)", "c•••@example.com". */
    payoutMask: text('payout_mask'),
    /** The store-credit bonus promised when the collector submitted. */
    creditBonusPercent: integer('credit_bonus_percent').notNull(),
    offerExpiresAt: timestamptz('offer_expires_at'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    receivedAt: timestamptz('received_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('submissions_status_known', sql`${t.status} in (${inList(SUBMISSION_STATUSES)})`),
    check('submissions_payout_method_known', sql`${t.payoutMethod} in (${inList(PAYOUT_METHODS)})`),
    check(
      'submissions_payout_details_present',
      sql`(${t.payoutMethod} = 'store_credit') = (${t.payoutDetailsEnc} is null)`,
    ),
    check(
      'submissions_bonus_range',
      sql`${t.creditBonusPercent} >= 0 and ${t.creditBonusPercent} <= 100`,
    ),
    index('submissions_user_idx').on(t.userId, t.createdAt.desc()),
    index('submissions_queue_idx').on(t.status, t.createdAt),
    index('submissions_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} in ('offer_made', 'offer_adjusted')`),
  ],
);

/** One slab of a submission: what the collector typed, and the offers staff made for it. */
export const submissionCards = pgTable(
  'submission_cards',
  {
    id: uuidKey(),
    submissionId: requiredRef('submission_id', () => submissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    grader: text('grader', { enum: SUBMISSION_GRADERS }).notNull(),
    certNumber: text('cert_number').notNull(),
    year: integer('year').notNull(),
    setName: text('set_name').notNull(),
    player: text('player').notNull(),
    cardNumber: text('card_number').notNull(),
    grade: text('grade').notNull(),
    askingPriceCents: bigint('asking_price_cents', { mode: 'number' }),
    frontImageId: text('front_image_id')
      .notNull()
      .references(() => images.id),
    backImageId: text('back_image_id')
      .notNull()
      .references(() => images.id),
    offerCents: bigint('offer_cents', { mode: 'number' }),
    offerNote: text('offer_note'),
    adjustedOfferCents: bigint('adjusted_offer_cents', { mode: 'number' }),
    adjustedNote: text('adjusted_note'),
    /** The catalogue card made from this slab; one slab becomes at most one card. */
    inventoryCardId: uuid('inventory_card_id')
      .references(() => cards.id, { onDelete: 'set null' })
      .unique('submission_cards_inventory_unique'),
  },
  (t) => [
    check('submission_cards_grader_known', sql`${t.grader} in (${inList(SUBMISSION_GRADERS)})`),
    check(
      'submission_cards_amounts_positive',
      sql`(${t.askingPriceCents} is null or ${t.askingPriceCents} > 0) and (${t.offerCents} is null or ${t.offerCents} > 0) and (${t.adjustedOfferCents} is null or ${t.adjustedOfferCents} > 0)`,
    ),
    unique('submission_cards_cert_unique').on(t.submissionId, t.grader, t.certNumber),
    uniqueIndex('submission_cards_position_idx').on(t.submissionId, t.position),
  ],
);

/** Every status change of a submission: who, when, from what to what, and why. Append-only. */
export const submissionEvents = pgTable(
  'submission_events',
  {
    id: serialKey(),
    submissionId: requiredRef('submission_id', () => submissions.id, { onDelete: 'cascade' }),
    /** The collector or staff member; null for the system (an offer expiring). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: ['collector', 'staff', 'system'] }).notNull(),
    fromStatus: text('from_status', { enum: SUBMISSION_STATUSES }),
    toStatus: text('to_status', { enum: SUBMISSION_STATUSES }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('submission_events_submission_idx').on(t.submissionId, t.id)],
);

/**
 * The one payment of a submission. UNIQUE(submission_id) is what makes a second payout
 * impossible whatever the code does; a store-credit payout is also one wallet ledger row.
 */
export const submissionPayouts = pgTable(
  'submission_payouts',
  {
    id: uuidKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' })
      .unique('submission_payouts_submission_unique'),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    reference: text('reference'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamptz('paid_at').notNull().defaultNow(),
  },
  (t) => [
    check('submission_payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('submission_payouts_bonus_nonnegative', sql`${t.bonusCents} >= 0`),
    check(
      'submission_payouts_bonus_store_credit_only',
      sql`${t.method} = 'store_credit' or ${t.bonusCents} = 0`,
    ),
  ],
);

/** Photos a collector uploaded for a submission: only their own may go on their cards. */
export const submissionUploads = pgTable(
  'submission_uploads',
  {
    imageId: text('image_id')
      .primaryKey()
      .references(() => images.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('submission_uploads_user_idx').on(t.userId)],
);

/**
 * What the PSA Public API answered for a cert, shared by every instance so one cert costs one
 * call of the daily quota. `found` false is PSA's "no data" answer (kept a shorter time).
 */
export const psaCerts = pgTable('psa_certs', {
  certNumber: text('cert_number').primaryKey(),
  found: boolean('found').notNull(),
  data: jsonb('data'),
  serverMessage: text('server_message'),
  fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
});
