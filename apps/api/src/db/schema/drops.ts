import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { grailCases } from './grail.js';
import { users } from './users.js';
import { requiredRef, timestamptz, uuidKey } from './columns.js';

/*
 * A drop's fair queue (docs/fairness.md, decision 032): its waiting room, its committed seed,
 * and each collector's entry, place and turn. Owned by modules/drops.
 */

/**
 * A case's waiting room, made when it opens. The seed is committed by its SHA-256 then and
 * revealed once the order is drawn; the admission rates are those in force when it opened.
 */
export const dropQueues = pgTable(
  'drop_queues',
  {
    caseId: uuid('case_id')
      .primaryKey()
      .references(() => grailCases.id, { onDelete: 'cascade' }),
    /** 32 random bytes, sealed with a key derived from APP_SECRET. */
    seedEnc: text('seed_enc').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** The case's activation time: entries made before it are ordered by the seed. */
    activatesAt: timestamptz('activates_at').notNull(),
    admitBatch: integer('admit_batch').notNull(),
    admitSeconds: integer('admit_seconds').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    /** When the seed drew the order (by whichever instance came first); null until then. */
    orderedAt: timestamptz('ordered_at'),
  },
  (t) => [
    check('drop_queues_rates_positive', sql`${t.admitBatch} > 0 and ${t.admitSeconds} > 0`),
    check('drop_queues_window_positive', sql`${t.windowSeconds} > 0`),
  ],
);

/**
 * One collector's entry in a waiting room. `drawnPlace` is the place the seed gave it (entries
 * made before activation); `place` its place in the queue now, which is the drawn one, or the
 * next at the back for a later arrival or a return after a missed turn. Its turn runs from
 * `admittedFrom` to `admittedUntil`.
 */
export const dropEntries = pgTable(
  'drop_entries',
  {
    id: uuidKey(),
    caseId: requiredRef('case_id', () => dropQueues.caseId, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    drawnPlace: integer('drawn_place'),
    place: integer('place'),
    admittedFrom: timestamptz('admitted_from'),
    admittedUntil: timestamptz('admitted_until'),
  },
  (t) => [
    unique('drop_entries_one_per_collector').on(t.caseId, t.userId),
    unique('drop_entries_one_per_place').on(t.caseId, t.place),
    check(
      'drop_entries_turn_with_place',
      sql`(${t.place} is null) = (${t.admittedFrom} is null) and (${t.admittedFrom} is null) = (${t.admittedUntil} is null)`,
    ),
    index('drop_entries_user_idx').on(t.userId),
  ],
);
