import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidKey } from './columns.js';

export const CARD_STATUSES = ['available', 'reserved', 'in_case', 'pulled', 'sold'] as const;
export const GRADERS = ['PSA', 'BGS', 'SGC', 'CGC'] as const;

/** One card is one physical item: its status moves forward and it is never sold twice. */
export const cards = pgTable(
  'cards',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    player: text('player').notNull(),
    year: integer('year').notNull(),
    setName: text('set_name').notNull(),
    cardNumber: text('card_number').notNull(),
    sport: text('sport').notNull(),
    team: text('team'),
    variant: text('variant'),
    /** Null for a raw card. */
    grader: text('grader', { enum: GRADERS }),
    /** The label as the slab prints it, e.g. "GEM MT 10" or "9.5". */
    grade: text('grade'),
    /** The numeric grade for range filters (10, 9.5, ...); null for raw cards. */
    gradeValue: numeric('grade_value', { precision: 3, scale: 1, mode: 'number' }),
    certNumber: text('cert_number'),
    conditionNote: text('condition_note'),
    /** Image ids in display order; the first is the primary image. */
    imageIds: text('image_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fmvCents: bigint('fmv_cents', { mode: 'number' }).notNull(),
    /** Where the FMV comes from and when it was last set: shown beside every price. */
    fmvSource: text('fmv_source').notNull().default('Recent sales'),
    fmvUpdatedAt: timestamptz('fmv_updated_at').notNull().defaultNow(),
    /** Null when the card is not for sale in the store. */
    storePriceCents: bigint('store_price_cents', { mode: 'number' }),
    status: text('status', { enum: CARD_STATUSES }).notNull().default('available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cards_fmv_nonnegative', sql`${t.fmvCents} >= 0`),
    check(
      'cards_store_price_positive',
      sql`${t.storePriceCents} is null or ${t.storePriceCents} > 0`,
    ),
    check('cards_graded_consistent', sql`(${t.grader} is null) = (${t.grade} is null)`),
    // The store's sort keys over the store rows only; (key, id) serves both directions.
    index('cards_store_newest_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'available' and ${t.storePriceCents} is not null`),
    index('cards_store_price_idx')
      .on(t.storePriceCents, t.id)
      .where(sql`${t.status} = 'available' and ${t.storePriceCents} is not null`),
    index('cards_store_fmv_idx')
      .on(t.fmvCents, t.id)
      .where(sql`${t.status} = 'available' and ${t.storePriceCents} is not null`),
    index('cards_store_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.status} = 'available' and ${t.storePriceCents} is not null`),
    index('cards_status_fmv_idx').on(t.status, t.fmvCents.desc()),
    index('cards_sport_idx').on(t.sport),
    index('cards_grader_grade_idx').on(t.grader, t.gradeValue),
  ],
);
