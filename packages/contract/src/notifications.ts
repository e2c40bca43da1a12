import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { MessageResponse } from './auth.js';
import { queryInteger } from './query.js';

/*
 * Notifications (docs/notifications.md): the bell's count, the list at /dashboard/notifications,
 * the e-mail choice per category and the signed one-click unsubscribe of marketing mail.
 */

export const NOTIFICATION_CATEGORIES = [
  'receipts',
  'shipping',
  'selling',
  'market',
  'money',
  'limits',
  'security',
  'reminders',
  'marketing',
] as const;
export const NotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategory>;

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  receipts: 'Receipts',
  shipping: 'Shipping',
  selling: 'Selling',
  market: 'Marketplace',
  money: 'Money',
  limits: 'Limits',
  security: 'Security',
  reminders: 'Reminders',
  marketing: 'News and offers',
};

/** E-mail that cannot be switched off. */
export const ALWAYS_EMAILED: readonly NotificationCategory[] = ['security', 'receipts'];
/** E-mail that is off until the collector turns it on. */
export const EMAIL_OFF_BY_DEFAULT: readonly NotificationCategory[] = ['marketing'];

export const Notification = z.object({
  _id: z.string(),
  category: NotificationCategory,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The site path it opens. */
  link: z.string(),
  /** Pinned at the top until answered. */
  needsAnswer: z.boolean(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.strictObject({
  limit: queryInteger(1, 50).default(20),
  offset: queryInteger(0, 100_000).default(0),
});

export const NotificationsResponse = z.object({
  /** What needs an answer first, then the rest newest first. */
  notifications: z.array(Notification),
  /** The offset of the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const UnreadResponse = z.object({ unread: z.number().int() });
export type UnreadResponse = z.infer<typeof UnreadResponse>;

export const NotificationIdParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });

export const NotificationPreference = z.object({
  category: NotificationCategory,
  label: z.string(),
  email: z.boolean(),
  /** Security and receipts: always e-mailed. */
  locked: z.boolean(),
});
export const NotificationPreferencesResponse = z.object({
  preferences: z.array(NotificationPreference),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

/** Per category: true e-mails it, false stops it; absent leaves it as it is. */
export const SetNotificationPreferencesBody = z.strictObject({
  email: z.partialRecord(NotificationCategory, z.boolean()),
});
export type SetNotificationPreferencesBody = z.infer<typeof SetNotificationPreferencesBody>;

/** The signed unsubscribe link of a marketing e-mail (no sign-in needed). */
export const UnsubscribeQuery = z.strictObject({
  user: z.uuid({ message: 'must be a valid id' }),
  category: NotificationCategory,
  signature: z.string().regex(/^[\w-]{43}$/, 'must be the link’s signature'),
});

const tags = ['notifications'];

export const notificationEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/api/notifications',
    operationId: 'listNotifications',
    summary: 'The caller’s notifications: what needs an answer first, then newest first',
    tags,
    guard: 'authenticated',
    query: NotificationsQuery,
    response: NotificationsResponse,
  }),
  unreadNotifications: endpoint({
    method: 'GET',
    path: '/api/notifications/unread',
    operationId: 'countUnreadNotifications',
    summary: 'How many of the caller’s notifications are unread (the bell)',
    tags,
    guard: 'authenticated',
    response: UnreadResponse,
  }),
  notificationEvents: endpoint({
    method: 'GET',
    path: '/api/notifications/events',
    operationId: 'streamNotificationCount',
    summary: 'Server-sent events: the unread count (event "unread") whenever it changes',
    tags,
    guard: 'authenticated',
    responseKind: 'event-stream',
    rateLimited: true,
  }),
  readNotification: endpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    operationId: 'readNotification',
    summary: 'Mark one notification read',
    tags,
    guard: 'authenticated',
    params: NotificationIdParams,
    response: UnreadResponse,
  }),
  readAllNotifications: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    operationId: 'readAllNotifications',
    summary: 'Mark every notification read',
    tags,
    guard: 'authenticated',
    response: UnreadResponse,
  }),
  notificationPreferences: endpoint({
    method: 'GET',
    path: '/api/notifications/preferences',
    operationId: 'getNotificationPreferences',
    summary: 'Which categories the caller gets by e-mail',
    tags,
    guard: 'authenticated',
    response: NotificationPreferencesResponse,
  }),
  setNotificationPreferences: endpoint({
    method: 'PUT',
    path: '/api/notifications/preferences',
    operationId: 'setNotificationPreferences',
    summary: 'Switch e-mail per category (security and receipts stay on)',
    tags,
    guard: 'authenticated',
    body: SetNotificationPreferencesBody,
    response: NotificationPreferencesResponse,
  }),
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    operationId: 'unsubscribePage',
    summary:
      'A signed unsubscribe link: an HTML page asking to confirm (JSON when asked for), no sign-in',
    tags,
    guard: 'public',
    query: UnsubscribeQuery,
    response: MessageResponse,
    rateLimited: true,
    errors: [403],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    operationId: 'unsubscribe',
    summary:
      'One-click unsubscribe (RFC 8058: body List-Unsubscribe=One-Click) by the signed link, no sign-in',
    tags,
    guard: 'public',
    csrfExempt: true,
    query: UnsubscribeQuery,
    response: MessageResponse,
    rateLimited: true,
    errors: [403],
  }),
} as const;
