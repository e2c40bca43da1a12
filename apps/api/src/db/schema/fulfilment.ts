import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { submissions } from './submissions.js';
import { users } from './users.js';
import { requiredRef } from './columns.js';

/**
 * The box that carries a returned submission's cards back to its collector. A returned submission
 * without this row is still owed (the 48-hour clock runs from its return); the row is written
 * when staff mark it shipped.
 */
export const submissionReturns = pgTable(
  'submission_returns',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shipBy: timestamp('ship_by', { withTimezone: true }).notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    shippedBy: requiredRef('shipped_by', () => users.id),
  },
  (t) => [index('submission_returns_shipped_idx').on(t.shippedAt)],
);
