import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialKey } from './columns.js';

/**
 * What staff did, who did it and when, with the subject before and after. Append-only: a trigger
 * (migration 0008) refuses every UPDATE and DELETE, and another (0013) every TRUNCATE. No foreign key on the actor, so the record
 * outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialKey(),
    actorId: uuid('actor_id').notNull(),
    /** What was done, e.g. `submission.offer`, `submission.pay`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);
