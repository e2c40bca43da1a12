import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BREAK_FORMATS,
  BREAK_HIT_STATUSES,
  BREAK_STATUSES,
  UNOWNED_HIT_RULES,
} from '@grail/contract';
import { shipments } from './commerce.js';
import { images } from './platform.js';
import { users } from './users.js';
import { createdAt, inList, requiredRef, timestamptz, updatedAt, uuidKey } from './columns.js';

/**
 * A group break: the spots of a sealed product sold to collectors, then opened live. The server
 * seed is sealed (AES-256-GCM) and its SHA-256 published when sales open; it is revealed when
 * the teams are drawn. spots_sold is the k of the last spot sold: buyers take it with one
 * conditional UPDATE, and the CHECK keeps it within total_spots whatever the code does.
 */
export const breaks = pgTable(
  'breaks',
  {
    id: uuidKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sport: text('sport').notNull(),
    imageId: text('image_id').references(() => images.id),
    boxes: integer('boxes').notNull(),
    packsPerBox: integer('packs_per_box').notNull(),
    format: text('format', { enum: BREAK_FORMATS }).notNull(),
    spotPriceCents: bigint('spot_price_cents', { mode: 'number' }).notNull(),
    totalSpots: integer('total_spots').notNull(),
    minSpots: integer('min_spots').notNull(),
    /** The team list in the committed order the shuffle starts from. */
    teams: jsonb('teams').$type<string[]>().notNull(),
    unownedHitRule: text('unowned_hit_rule', { enum: UNOWNED_HIT_RULES })
      .notNull()
      .default('house'),
    salesDeadline: timestamptz('sales_deadline').notNull(),
    scheduledAt: timestamptz('scheduled_at').notNull(),
    streamUrl: text('stream_url'),
    status: text('status', { enum: BREAK_STATUSES }).notNull().default('draft'),
    serverSeedEnc: text('server_seed_enc'),
    serverSeedHash: text('server_seed_hash'),
    /** The client seeds of the sold spots in purchase order, joined: fixed when the teams are drawn. */
    publicInput: text('public_input'),
    spotsSold: integer('spots_sold').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamptz('opened_at'),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('breaks_status_known', sql`${t.status} in (${inList(BREAK_STATUSES)})`),
    check('breaks_format_known', sql`${t.format} in (${inList(BREAK_FORMATS)})`),
    check('breaks_unowned_rule_known', sql`${t.unownedHitRule} in (${inList(UNOWNED_HIT_RULES)})`),
    check('breaks_price_positive', sql`${t.spotPriceCents} > 0`),
    check(
      'breaks_boxes_range',
      sql`${t.boxes} between 1 and 100 and ${t.packsPerBox} between 1 and 100`,
    ),
    check('breaks_spots_range', sql`${t.totalSpots} between 2 and 64`),
    check('breaks_min_spots_range', sql`${t.minSpots} between 1 and ${t.totalSpots}`),
    check('breaks_sold_within_total', sql`${t.spotsSold} between 0 and ${t.totalSpots}`),
    check('breaks_scheduled_after_deadline', sql`${t.scheduledAt} >= ${t.salesDeadline}`),
    // Nothing goes on sale without its seed committed.
    check(
      'breaks_seed_committed',
      sql`${t.status} = 'draft' or (${t.serverSeedEnc} is not null and ${t.serverSeedHash} is not null)`,
    ),
    index('breaks_status_idx').on(t.status, t.scheduledAt),
    index('breaks_open_deadline_idx')
      .on(t.salesDeadline)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The spots of a break: 1..N; a pick-your-team spot carries its team and price from the start. */
export const breakSpots = pgTable(
  'break_spots',
  {
    breakId: requiredRef('break_id', () => breaks.id, { onDelete: 'cascade' }),
    spotNumber: integer('spot_number').notNull(),
    /** Pick your team: set at creation; random team: set when the teams are drawn. */
    team: text('team'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.breakId, t.spotNumber] }),
    check('break_spots_price_positive', sql`${t.priceCents} > 0`),
    check('break_spots_number_range', sql`${t.spotNumber} between 1 and 64`),
    uniqueIndex('break_spots_team_uq')
      .on(t.breakId, t.team)
      .where(sql`${t.team} is not null`),
  ],
);

/**
 * One spot sold. UNIQUE (break, spot) means a spot is never sold twice; UNIQUE (break, k) that
 * purchase numbers are never reused. A refund sets refunded_at once (a conditional UPDATE) and
 * its ledger row is unique per sale (wallet_ledger's break refund index).
 */
export const breakSpotSales = pgTable(
  'break_spot_sales',
  {
    id: uuidKey(),
    breakId: uuid('break_id').notNull(),
    spotNumber: integer('spot_number').notNull(),
    userId: requiredRef('user_id', () => users.id),
    /** The spots bought together share one purchase (and one wallet debit, ref break_purchase). */
    purchaseId: uuid('purchase_id').notNull(),
    k: integer('k').notNull(),
    clientSeed: text('client_seed').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    purchasedAt: timestamptz('purchased_at').notNull().defaultNow(),
    refundedAt: timestamptz('refunded_at'),
  },
  (t) => [
    foreignKey({
      name: 'break_spot_sales_spot_fk',
      columns: [t.breakId, t.spotNumber],
      foreignColumns: [breakSpots.breakId, breakSpots.spotNumber],
    }).onDelete('cascade'),
    unique('break_spot_sales_spot_uq').on(t.breakId, t.spotNumber),
    unique('break_spot_sales_k_uq').on(t.breakId, t.k),
    check('break_spot_sales_price_positive', sql`${t.priceCents} > 0`),
    check('break_spot_sales_k_positive', sql`${t.k} >= 1`),
    index('break_spot_sales_user_idx').on(t.userId, t.purchasedAt.desc()),
    index('break_spot_sales_purchase_idx').on(t.purchaseId),
  ],
);

/** An owner's one combined shipment of a break's hits. */
export const breakClaims = pgTable(
  'break_claims',
  {
    id: uuidKey(),
    breakId: requiredRef('break_id', () => breaks.id),
    userId: requiredRef('user_id', () => users.id),
    shipmentId: requiredRef('shipment_id', () => shipments.id),
    createdAt: createdAt(),
  },
  (t) => [unique('break_claims_owner_uq').on(t.breakId, t.userId)],
);

/**
 * A hit entered by staff as its pack is opened, with the owner it went to: the holder of its
 * team's spot, or by the break's rule when nobody holds that team (user_id null = the house).
 */
export const breakHits = pgTable(
  'break_hits',
  {
    id: uuidKey(),
    breakId: requiredRef('break_id', () => breaks.id),
    hitNumber: integer('hit_number').notNull(),
    packNumber: integer('pack_number'),
    cardName: text('card_name').notNull(),
    team: text('team').notNull(),
    detail: text('detail').notNull().default(''),
    imageId: text('image_id').references(() => images.id),
    spotNumber: integer('spot_number'),
    userId: uuid('user_id').references(() => users.id),
    status: text('status', { enum: BREAK_HIT_STATUSES }).notNull(),
    buybackCents: bigint('buyback_cents', { mode: 'number' }),
    soldBackCents: bigint('sold_back_cents', { mode: 'number' }),
    claimId: uuid('claim_id').references(() => breakClaims.id),
    createdAt: createdAt(),
    soldBackAt: timestamptz('sold_back_at'),
  },
  (t) => [
    unique('break_hits_number_uq').on(t.breakId, t.hitNumber),
    check('break_hits_status_known', sql`${t.status} in (${inList(BREAK_HIT_STATUSES)})`),
    // The house holds exactly the hits nobody owns.
    check('break_hits_owner_status', sql`(${t.userId} is null) = (${t.status} = 'house')`),
    check('break_hits_buyback_positive', sql`${t.buybackCents} is null or ${t.buybackCents} > 0`),
    check(
      'break_hits_claimed_in_claim',
      sql`(${t.status} in ('claimed', 'shipped')) = (${t.claimId} is not null)`,
    ),
    index('break_hits_user_idx').on(t.userId, t.createdAt.desc()),
    index('break_hits_claim_idx').on(t.claimId),
  ],
);
