import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { cards } from './catalog.js';
import { users } from './users.js';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidKey } from './columns.js';

export const GRAIL_CASE_STATUSES = ['draft', 'scheduled', 'active', 'sold_out', 'closed'] as const;
export const PULL_STATUSES = ['revealed', 'claimed', 'shipped', 'delivered', 'sold_back'] as const;

/** A named FMV band of a case (cents; maxFmvCents null = no upper bound). */
export interface GrailTier {
  name: string;
  minFmvCents: number;
  maxFmvCents: number | null;
}

/**
 * A curated case. Its contents and server seed are committed when it goes live (positions fixed,
 * contents_hash and server_seed_hash published); the seed itself is stored AES-256-GCM encrypted
 * and revealed once the case is sold out or closed. pulls_count is the k of the last pull.
 */
export const grailCases = pgTable(
  'grail_cases',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    packPriceCents: bigint('pack_price_cents', { mode: 'number' }).notNull(),
    activationTime: timestamptz('activation_time'),
    status: text('status', { enum: GRAIL_CASE_STATUSES }).notNull().default('draft'),
    tiers: jsonb('tiers').$type<GrailTier[]>().notNull(),
    serverSeedEnc: text('server_seed_enc'),
    serverSeedHash: text('server_seed_hash'),
    contentsHash: text('contents_hash'),
    totalItems: integer('total_items').notNull().default(0),
    pullsCount: integer('pulls_count').notNull().default(0),
    liveAt: timestamptz('live_at'),
    closedAt: timestamptz('closed_at'),
    /** A drop's waiting room opens this many minutes before the activation time; 0: none. */
    dropQueueMinutes: integer('drop_queue_minutes').notNull().default(10),
    /** The most packs one collector may buy in the case's first hour; null: no cap. */
    firstHourPackCap: integer('first_hour_pack_cap'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('grail_cases_price_positive', sql`${t.packPriceCents} > 0`),
    check('grail_cases_drop_queue_minutes_in_range', sql`${t.dropQueueMinutes} between 0 and 1440`),
    check(
      'grail_cases_first_hour_cap_positive',
      sql`${t.firstHourPackCap} is null or ${t.firstHourPackCap} > 0`,
    ),
    check('grail_cases_pulls_within_total', sql`${t.pullsCount} <= ${t.totalItems}`),
    // The drivers misread years below 100 (Invalid Date), and no real drop is set outside this.
    check(
      'grail_cases_activation_in_range',
      sql`${t.activationTime} is null or (${t.activationTime} >= '2000-01-01T00:00:00Z' and ${t.activationTime} < '2100-01-01T00:00:00Z')`,
    ),
    // At most one case is live or scheduled at a time: "the" active case of the site.
    uniqueIndex('grail_cases_one_live_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('scheduled', 'active')`),
    index('grail_cases_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** A card's place in a case: a card belongs to one case at most, its position is fixed at go-live. */
export const caseCards = pgTable(
  'case_cards',
  {
    caseId: requiredRef('case_id', () => grailCases.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .unique()
      .references(() => cards.id),
    /** 1..N, assigned when the case goes live; null while it is a draft. */
    position: integer('position'),
    pulled: boolean('pulled').notNull().default(false),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    unique('case_cards_position_uq').on(t.caseId, t.position),
    index('case_cards_remaining_idx')
      .on(t.caseId, t.position)
      .where(sql`${t.pulled} = false`),
  ],
);

/** One bought pack: the card drawn, the proof to recompute it, and what became of it. */
export const pulls = pgTable(
  'pulls',
  {
    id: uuidKey(),
    caseId: requiredRef('case_id', () => grailCases.id),
    userId: requiredRef('user_id', () => users.id),
    cardId: uuid('card_id')
      .notNull()
      .unique()
      .references(() => cards.id),
    k: integer('k').notNull(),
    clientSeed: text('client_seed').notNull(),
    remainingBefore: integer('remaining_before').notNull(),
    /** The drawn index in [0, remainingBefore) and the case position it landed on. */
    drawIndex: integer('draw_index').notNull(),
    position: integer('position').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /**
     * The card's FMV when it was pulled, written by the statement that records the pull. The
     * sell-back pays BUYBACK_PERCENT of this, never of the card's FMV now; the database refuses
     * to change it (migration 0007).
     */
    fmvCents: bigint('fmv_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PULL_STATUSES }).notNull().default('revealed'),
    shipmentId: uuid('shipment_id'),
    buybackCents: bigint('buyback_cents', { mode: 'number' }),
    pulledAt: timestamptz('pulled_at').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    soldBackAt: timestamptz('sold_back_at'),
    /** Sold back by the buyer's auto-sell rule in the purchase that drew it (decision 031). */
    autoSold: boolean('auto_sold').notNull().default(false),
  },
  (t) => [
    unique('pulls_case_k_uq').on(t.caseId, t.k),
    check(
      'pulls_index_in_range',
      sql`${t.drawIndex} >= 0 and ${t.drawIndex} < ${t.remainingBefore}`,
    ),
    index('pulls_user_idx').on(t.userId, t.pulledAt.desc()),
    index('pulls_recent_idx').on(t.pulledAt.desc()),
  ],
);

/**
 * A collector's auto-sell rule (decision 031): the pulls of a purchase that asks for it whose FMV
 * is below this many cents are sold back in that purchase. No row: no rule.
 */
export const autoSellRules = pgTable(
  'auto_sell_rules',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    belowCents: bigint('below_cents', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('auto_sell_rules_below_positive', sql`${t.belowCents} > 0`)],
);
