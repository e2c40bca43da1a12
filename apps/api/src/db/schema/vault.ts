import { sql } from 'drizzle-orm';
import { CUSTODY_STATES, HOLDING_SOURCES, HOLDING_STATES } from '@grail/contract';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { breakHits } from './breaks.js';
import { cards } from './catalog.js';
import { shipments } from './commerce.js';
import { users } from './users.js';
import { createdAt, inList, requiredRef, timestamptz, uuidKey } from './columns.js';

/*
 * The vault (decision 024, docs/vault.md): every card a collector wins or buys is a holding, held
 * for them until they ship it, sell it back, or (later) list or trade it. The vault module alone
 * reads and writes these tables.
 */

/**
 * One card or break hit owned by one collector (decision 025: exactly one of the two).
 * `cost_cents` is what they paid for it (the pack price, the store price or the spot price); a
 * holding leaves custody by moving to shipped, sold_back or sold, never by delete.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').references(() => cards.id),
    breakHitId: uuid('break_hit_id').references(() => breakHits.id),
    source: text('source', { enum: HOLDING_SOURCES }).notNull(),
    /** The pull, the order or the break the card came from. */
    sourceId: uuid('source_id').notNull(),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    state: text('state', { enum: HOLDING_STATES }).notNull().default('in_vault'),
    /** The box it is in once shipping was asked for (the shipping module's row). */
    shipmentId: uuid('shipment_id').references(() => shipments.id),
    acquiredAt: timestamptz('acquired_at').notNull().defaultNow(),
    stateChangedAt: timestamptz('state_changed_at').notNull().defaultNow(),
  },
  (t) => [
    check('holdings_state_known', sql`${t.state} in (${inList(HOLDING_STATES)})`),
    check('holdings_source_known', sql`${t.source} in (${inList(HOLDING_SOURCES)})`),
    check('holdings_cost_nonnegative', sql`${t.costCents} >= 0`),
    // Asked-for and sent cards are in a box; cards in the vault are in none.
    check(
      'holdings_shipment_matches_state',
      sql`(${t.state} in ('ship_requested', 'shipped')) = (${t.shipmentId} is not null)`,
    ),
    uniqueIndex('holdings_one_custody_per_card')
      .on(t.cardId)
      .where(sql`${t.state} in (${inList(CUSTODY_STATES)})`),
    check('holdings_card_or_hit', sql`(${t.cardId} is null) <> (${t.breakHitId} is null)`),
    uniqueIndex('holdings_one_custody_per_hit')
      .on(t.breakHitId)
      .where(sql`${t.state} in (${inList(CUSTODY_STATES)})`),
    uniqueIndex('holdings_source_card_uq').on(t.source, t.sourceId, t.cardId),
    index('holdings_user_state_idx').on(t.userId, t.state, t.acquiredAt.desc()),
    index('holdings_shipment_idx').on(t.shipmentId),
  ],
);

/** Each collector's vault value at the end of a day (UTC), for the value-over-time chart. */
export const vaultValueSnapshots = pgTable(
  'vault_value_snapshots',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    cards: integer('cards').notNull(),
    takenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
