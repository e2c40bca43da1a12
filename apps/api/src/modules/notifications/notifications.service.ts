import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  ALWAYS_EMAILED,
  EMAIL_OFF_BY_DEFAULT,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type Notification,
  type NotificationCategory,
  type NotificationPreferencesResponse,
  type NotificationsResponse,
  type SetNotificationPreferencesBody,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { notificationPreferences, notifications } from '../../db/schema/index.js';
import type { Execution } from '../../db/batch.js';
import { prepared, rawStatement } from '../../db/statements.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import { emailsOf } from '../users/users.reads.js';
import { notificationMail, UnsubscribeLinks, type EventMail } from './mail.view.js';

/** The NOTIFY channel of unread counts: its payload is the collector's id, nothing else. */
export const NOTIFICATION_COUNTS_CHANNEL = 'notification_counts';

/** One thing that happened to a collector, as the bell and the e-mail tell it. */
export interface NotificationEvent {
  category: NotificationCategory;
  /** What happened, e.g. `withdrawal.paid`. */
  kind: string;
  title: string;
  body: string;
  /** The site path it opens. */
  link: string;
  /** The object it is about: pinned items are answered by it, reminders are sent once per it. */
  subject?: { type: string; id: string };
  /** Pinned at the top of the list until `answered` is called for its subject. */
  needsAnswer?: boolean;
  /** The e-mail's own subject and text, where a mail keeps the words it had. */
  mail?: EventMail;
  /**
   * Written once per kind and subject, for a worker that tries again every turn and on every
   * instance (reminders always are): a repeat writes nothing.
   */
  once?: boolean;
}

type Row = typeof notifications.$inferSelect;

const view = (r: Row): Notification => ({
  _id: r.id,
  category: r.category,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  needsAnswer: r.needsAnswer && !r.answeredAt,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

const defaultEmail = (c: NotificationCategory) => !EMAIL_OFF_BY_DEFAULT.includes(c);
const locked = (c: NotificationCategory) => ALWAYS_EMAILED.includes(c);
/** Tells every instance that this collector's count changed; in a transaction, on commit only. */
const countChanged = rawStatement(
  'notifications.count_changed',
  (userId: string) => sql`select pg_notify(${NOTIFICATION_COUNTS_CHANNEL}, ${userId})`,
  '00000000-0000-4000-8000-000000000000',
);
const notifyCount = (t: Db | Tx, userId: string) => t.execute(countChanged(userId));

/**
 * The collector's notifications (docs/notifications.md). `notify` is what every other module
 * calls, in the transaction of the change it tells about: one row, one count NOTIFY and, where
 * the category's e-mail is on, one e-mail through the outbox, all gone if that transaction rolls
 * back.
 */
export class NotificationsService {
  readonly links: UnsubscribeLinks;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      mail: MailService;
      limits: LimitsService;
      appSecret: string;
      publicUrl: string | undefined;
    },
  ) {
    this.links = new UnsubscribeLinks(deps.appSecret, deps.publicUrl);
  }

  /**
   * Writes one notification in `tx` and queues its e-mail there when the collector gets this
   * category by e-mail. A reminder already sent for its subject writes nothing: null.
   */
  async notify(tx: Tx, userId: string, event: NotificationEvent): Promise<string | null> {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId,
        category: event.category,
        kind: event.kind,
        title: event.title,
        body: event.body,
        link: event.link,
        subjectType: event.subject?.type ?? null,
        subjectId: event.subject?.id ?? null,
        needsAnswer: event.needsAnswer ?? false,
        once: event.once ?? event.category === 'reminders',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await notifyCount(tx, userId);
    await this.mailIfOn(tx, [row], event.mail);
    return row.id;
  }

  /** Unpins what needed an answer about this subject: the collector answered it. */
  async answered(tx: Tx, userId: string, subject: { type: string; id: string }): Promise<void> {
    const done = await tx
      .update(notifications)
      .set({ answeredAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.subjectType, subject.type),
          eq(notifications.subjectId, subject.id),
          eq(notifications.needsAnswer, true),
          isNull(notifications.answeredAt),
        ),
      )
      .returning({ id: notifications.id });
    if (done.length) await notifyCount(tx, userId);
  }

  /** Unpins reminders of `kind` written before `before`: what they were about has passed. */
  async unpinPassed(tx: Tx, kind: string, before: Date): Promise<void> {
    await tx
      .update(notifications)
      .set({ answeredAt: sql`now()` })
      .where(
        and(
          eq(notifications.kind, kind),
          eq(notifications.needsAnswer, true),
          isNull(notifications.answeredAt),
          lt(notifications.createdAt, before),
        ),
      );
  }

  /**
   * Queues the e-mail of notifications a database trigger or a batch wrote (a pack's pulls,
   * migration 0026; `noticeStatement`), a batch at a time across instances; answers how many it took.
   */
  async mailPending(batch: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.mailPending, true))
        .orderBy(notifications.createdAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      await this.mailIfOn(tx, rows);
      await tx
        .update(notifications)
        .set({ mailPending: false })
        .where(
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.length;
    });
  }

  /**
   * Queues the e-mail of each of `rows` whose collector gets its category by e-mail, with one read
   * of the collectors' choices and one of their addresses for the whole batch.
   */
  private async mailIfOn(tx: Tx, rows: Row[], own?: EventMail): Promise<void> {
    const mailed = await this.emailsOn(tx, rows);
    if (!mailed.length) return;
    const addresses = await emailsOf(
      tx,
      mailed.map((row) => row.userId),
    );
    for (const row of mailed) {
      const to = addresses.get(row.userId);
      if (!to) continue;
      const unsubscribeUrl =
        row.category === 'marketing' ? this.links.url(row.userId, row.category) : undefined;
      await this.deps.mail.send(
        notificationMail(row, to, {
          publicUrl: this.deps.publicUrl,
          ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
          ...(own ? { own } : {}),
        }),
        tx,
      );
    }
  }

  /** Those of `rows` whose collector gets their category by e-mail (locked ones always). */
  private async emailsOn(tx: Tx, rows: Row[]): Promise<Row[]> {
    const open = rows.filter((row) => !locked(row.category));
    const choices = open.length
      ? await tx
          .select({
            userId: notificationPreferences.userId,
            category: notificationPreferences.category,
            email: notificationPreferences.email,
          })
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, [...new Set(open.map((r) => r.userId))]))
      : [];
    const chosen = new Map(choices.map((c) => [`${c.userId} ${c.category}`, c.email]));
    const mailed: Row[] = [];
    for (const row of rows) {
      const on =
        locked(row.category) ||
        ((chosen.get(`${row.userId} ${row.category}`) ?? defaultEmail(row.category)) &&
          (row.category !== 'marketing' ||
            (await this.deps.limits.mayReceiveMarketing(row.userId, tx))));
      if (on) mailed.push(row);
    }
    return mailed;
  }

  async list(userId: string, limit: number, offset: number): Promise<NotificationsResponse> {
    const pinnedFirst = sql`case when ${notifications.needsAnswer} and ${notifications.answeredAt} is null then 0 else 1 end`;
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(pinnedFirst, desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1)
      .offset(offset);
    return {
      notifications: rows.slice(0, limit).map(view),
      nextOffset: rows.length > limit ? offset + limit : null,
      unread: await this.unread(userId),
    };
  }

  async unread(userId: string, t: Db | Tx = this.db): Promise<number> {
    const [row] = await t
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Another collector's notification is not found, as if it did not exist. */
  async markRead(userId: string, id: string): Promise<{ unread: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (!row) throw notFound('Notification not found');
      await notifyCount(tx, userId);
      return { unread: await this.unread(userId, tx) };
    });
  }

  async markAllRead(userId: string): Promise<{ unread: number }> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      await notifyCount(tx, userId);
      return { unread: 0 };
    });
  }

  async preferences(
    userId: string,
    t: Db | Tx = this.db,
  ): Promise<NotificationPreferencesResponse> {
    const rows = await t
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    const chosen = new Map(rows.map((r) => [r.category, r.email]));
    return {
      preferences: NOTIFICATION_CATEGORIES.map((category) => ({
        category,
        label: NOTIFICATION_CATEGORY_LABELS[category],
        email: locked(category) || (chosen.get(category) ?? defaultEmail(category)),
        locked: locked(category),
      })),
    };
  }

  async setPreferences(
    userId: string,
    body: SetNotificationPreferencesBody,
  ): Promise<NotificationPreferencesResponse> {
    const changes = Object.entries(body.email) as [NotificationCategory, boolean][];
    const refused = changes.find(([category, email]) => locked(category) && !email);
    if (refused) {
      const label = NOTIFICATION_CATEGORY_LABELS[refused[0]];
      throw badRequest(`${label} e-mails cannot be switched off.`, {
        field: `email.${refused[0]}`,
      });
    }
    return this.db.transaction(async (tx) => {
      for (const [category, email] of changes) {
        if (!locked(category)) await this.choose(tx, userId, category, email);
      }
      return this.preferences(userId, tx);
    });
  }

  /** The signed link of a marketing e-mail: no sign-in, a tampered link is refused. */
  async unsubscribe(q: { user: string; category: NotificationCategory; signature: string }) {
    this.checkLink(q);
    await this.db.transaction((tx) => this.choose(tx, q.user, q.category, false));
    const label = NOTIFICATION_CATEGORY_LABELS[q.category];
    return { message: `You are unsubscribed from ${label} e-mails.` };
  }

  /** Refuses a link whose signature does not match its collector and category (403). */
  checkLink(q: { user: string; category: NotificationCategory; signature: string }) {
    if (!this.links.verify(q.user, q.category, q.signature))
      throw forbidden('This unsubscribe link is not valid.');
    if (locked(q.category)) throw badRequest('These e-mails cannot be switched off.');
  }

  private async choose(tx: Tx, userId: string, category: NotificationCategory, email: boolean) {
    await tx
      .insert(notificationPreferences)
      .values({ userId, category, email })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.category],
        set: { email, updatedAt: sql`now()` },
      });
  }
}

/**
 * A notification as one statement, for a command sent in batches (the marketplace's Buy now):
 * the row, marked for the mail worker as a pack's pulls are (migration 0026), which queues its
 * e-mail after the commit where the collector gets the category by e-mail, and the count's
 * NOTIFY, delivered on commit. $1 user, $2 category, $3 kind, $4 title, $5 body, $6 link,
 * $7 and $8 the subject's type and id.
 */
const addNotice = prepared(
  'notifications_add',
  `with added as (
      insert into notifications (user_id, category, kind, title, body, link, subject_type,
        subject_id, needs_answer, mail_pending)
      values ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text,
        $9::boolean, true)
      on conflict do nothing
      returning user_id
    )
    select pg_notify('${NOTIFICATION_COUNTS_CHANNEL}', user_id::text) from added`,
);

export function noticeStatement(userId: string, event: Omit<NotificationEvent, 'mail'>): Execution {
  return {
    prepared: addNotice,
    values: [
      userId,
      event.category,
      event.kind,
      event.title,
      event.body,
      event.link,
      event.subject?.type ?? null,
      event.subject?.id ?? null,
      event.needsAnswer ?? false,
    ],
  };
}
