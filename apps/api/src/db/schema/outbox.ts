import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidKey } from './columns.js';

/**
 * Every e-mail and webhook the site sends, written in the transaction of the change that causes
 * it and delivered afterwards by a worker in each instance (modules/outbox). A row is claimed by
 * pushing its next_attempt_at past the claim's lease, so a crashed instance's claim lapses and
 * another instance delivers it; `dead` rows failed OUTBOX_MAX_ATTEMPTS times and wait for staff.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuidKey(),
    kind: text('kind', { enum: ['email', 'webhook'] }).notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
  ],
);
