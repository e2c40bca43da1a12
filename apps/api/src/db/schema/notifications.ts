import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CATEGORIES } from '@grail/contract';
import { users } from './users.js';
import { createdAt, inList, requiredRef, timestamptz, updatedAt, uuidKey } from './columns.js';

/*
 * Notifications (docs/notifications.md): what the bell and /dashboard/notifications show, and each
 * collector's e-mail choice per category. Owned by modules/notifications.
 */

/** One notice to one collector, written in the transaction of the change it tells about. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    /** What happened, e.g. `pack.pulled`, `withdrawal.paid`. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page it opens, a path of the site (`/pulls/…`). */
    link: text('link').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** Pinned at the top of the list until answered (an offer, a trade, a closing window). */
    needsAnswer: boolean('needs_answer').notNull().default(false),
    answeredAt: timestamptz('answered_at'),
    readAt: timestamptz('read_at'),
    /** Written by a database trigger (a pack's pulls): its e-mail is queued by the mail worker. */
    mailPending: boolean('mail_pending').notNull().default(false),
    /** Written by a worker once per kind and subject (a reminder, a pause that ended). */
    once: boolean('once').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'notifications_category_known',
      sql`${t.category} in (${inList(NOTIFICATION_CATEGORIES)})`,
    ),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_mail_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.mailPending}`),
    // A worker's notice is written once per subject, however many turns or instances try.
    uniqueIndex('notifications_once_uq')
      .on(t.kind, t.subjectId)
      .where(sql`${t.once}`),
  ],
);

/** A collector's e-mail choice for one category; without a row the category's default holds. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
