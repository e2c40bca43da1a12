import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { requiredRef, timestamptz, updatedAt } from './columns.js';

/*
 * Responsible play (docs/responsible-play.md). What a collector spent or deposited is not stored
 * here: it is read from the wallet ledger (packs, spots, orders) and the top-ups, so the limits
 * count exactly what was charged.
 */

export const LIMIT_KIND_VALUES = ['spending', 'deposit'] as const;
export const LIMIT_WINDOW_VALUES = ['24h', '7d', '30d'] as const;

/** One limit per collector, kind and window; an increase or removal waits in `pending_*`. */
export const playLimits = pgTable(
  'play_limits',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LIMIT_KIND_VALUES }).notNull(),
    window: text('limit_window', { enum: LIMIT_WINDOW_VALUES }).notNull(),
    /** The limit in force; null while only a pending change exists (none in force). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** With pending_effective_at: the amount it becomes then, null meaning removal. */
    pendingAmountCents: bigint('pending_amount_cents', { mode: 'number' }),
    pendingEffectiveAt: timestamptz('pending_effective_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.window] }),
    check('play_limits_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check(
      'play_limits_pending_positive',
      sql`${t.pendingAmountCents} is null or ${t.pendingAmountCents} > 0`,
    ),
  ],
);

/** A collector's time-out, self-exclusion and reality check. */
export const playControls = pgTable('play_controls', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeOutUntil: timestamptz('time_out_until'),
  selfExcludedAt: timestamptz('self_excluded_at'),
  /** The end of the chosen period; the exclusion lasts until an end request takes effect. */
  selfExcludedUntil: timestamptz('self_excluded_until'),
  selfExclusionEndsAt: timestamptz('self_exclusion_ends_at'),
  realityCheckMinutes: integer('reality_check_minutes'),
  updatedAt: updatedAt(),
});
