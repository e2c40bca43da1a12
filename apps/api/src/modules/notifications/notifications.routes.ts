import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notificationEndpoints as api } from '@grail/contract';
import { eventStreams } from '../../http/event-stream.js';
import { route } from '../../http/route.js';
import type { Limit, RateLimitService } from '../auth/rate-limits.service.js';
import type { NotificationCounts } from './notifications.events.js';
import type { NotificationsService } from './notifications.service.js';
import { confirmUnsubscribePage, unsubscribedPage } from './unsubscribe-page.js';

/** Unsubscribe links opened from one address: a person clicks a few, a script guesses many. */
export const UNSUBSCRIBES_PER_IP: Limit = {
  name: 'unsubscribe:ip',
  max: 30,
  windowMs: 15 * 60_000,
};

const wantsHtml = (request: FastifyRequest) =>
  !String(request.headers.accept ?? '').includes('application/json');

export async function notificationsRoutes(
  app: FastifyInstance,
  {
    notifications,
    counts,
    rateLimits,
  }: {
    notifications: NotificationsService;
    counts: NotificationCounts;
    rateLimits: RateLimitService;
  },
): Promise<void> {
  route(app, api.notifications, async ({ user, query }) =>
    notifications.list(user.id, query.limit, query.offset),
  );

  route(app, api.unreadNotifications, async ({ user }) => ({
    unread: await notifications.unread(user.id),
  }));

  // The bell's count, live from whichever instance changed it.
  const streams = eventStreams(app);
  route(app, api.notificationEvents, async ({ user, request, reply }) =>
    streams.open(request, reply, (send) =>
      counts.subscribe(user.id, (unread) => send('unread', { unread })),
    ),
  );
  app.addHook('onClose', async () => counts.close());

  route(app, api.readNotification, async ({ user, params }) =>
    notifications.markRead(user.id, params.id),
  );

  route(app, api.readAllNotifications, async ({ user }) => notifications.markAllRead(user.id));

  route(app, api.notificationPreferences, async ({ user }) => notifications.preferences(user.id));

  route(app, api.setNotificationPreferences, async ({ user, body }) =>
    notifications.setPreferences(user.id, body),
  );

  route(app, api.unsubscribePage, async ({ query, request, reply }) => {
    await rateLimits.take([UNSUBSCRIBES_PER_IP, request.ip]);
    notifications.checkLink(query);
    reply.header('cache-control', 'no-store');
    if (!wantsHtml(request)) return { message: 'Send a POST to this link to unsubscribe.' };
    return reply.type('text/html; charset=utf-8').send(confirmUnsubscribePage(query));
  });

  // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click as a form, with no cookie.
  await app.register(async (form) => {
    form.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, String(body)),
    );
    route(form, api.unsubscribe, async ({ query, request, reply }) => {
      await rateLimits.take([UNSUBSCRIBES_PER_IP, request.ip]);
      const answer = await notifications.unsubscribe(query);
      reply.header('cache-control', 'no-store');
      if (!wantsHtml(request)) return answer;
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage(answer.message));
    });
  });
}
