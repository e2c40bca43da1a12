import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { submissions } from './submissions.js';
import { users } from './users.js';
import { requiredRef, timestamptz } from './columns.js';

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
    shipBy: timestamptz('ship_by').notNull(),
    shippedAt: timestamptz('shipped_at').notNull().defaultNow(),
    shippedBy: requiredRef('shipped_by', () => users.id),
  },
  (t) => [index('submission_returns_shipped_idx').on(t.shippedAt)],
);
