import {
  endpointUrl,
  NOTIFICATION_CATEGORY_LABELS,
  notificationEndpoints as api,
  type NotificationCategory,
} from '@grail/contract';
import { barePage, escapeHtml } from '../../lib/bare-page.js';

/** Asks to confirm: a link opened by a mail scanner must not unsubscribe anyone. */
export function confirmUnsubscribePage(q: {
  user: string;
  category: NotificationCategory;
  signature: string;
}): string {
  const action = escapeHtml(endpointUrl(api.unsubscribe, undefined, q));
  const label = NOTIFICATION_CATEGORY_LABELS[q.category];
  return barePage(
    'Unsubscribe?',
    `<p>Stop ${escapeHtml(label)} e-mails from Grail Machine? You can turn them on again in your settings.</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(message: string): string {
  return barePage(
    'You are unsubscribed',
    `<p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p>`,
  );
}
