import {
  endpointUrl,
  NOTIFICATION_CATEGORY_LABELS,
  notificationEndpoints as api,
  type NotificationCategory,
} from '@grail/contract';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A bare page: no script, no style (the API's policy loads nothing), readable in either theme. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title} | Grail Machine</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** Asks to confirm: a link opened by a mail scanner must not unsubscribe anyone. */
export function confirmUnsubscribePage(q: {
  user: string;
  category: NotificationCategory;
  signature: string;
}): string {
  const action = escapeHtml(endpointUrl(api.unsubscribe, undefined, q));
  const label = NOTIFICATION_CATEGORY_LABELS[q.category];
  return page(
    'Unsubscribe?',
    `<p>Stop ${escapeHtml(label)} e-mails from Grail Machine? You can turn them on again in your settings.</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(message: string): string {
  return page(
    'You are unsubscribed',
    `<p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p>`,
  );
}
