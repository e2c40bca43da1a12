import { endpointUrl } from '@grail/contract';
import { authEndpoints as api } from '@grail/contract';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A bare page: no script, no style (the API's policy loads nothing), readable in either theme. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title} | Grail Machine</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * Asked when a sign-out link arrives without proof that our own page sent it: a POST with the
 * session's CSRF token signs out, so another site's link or image cannot.
 */
export function confirmLogoutPage(csrfToken: string): string {
  return page(
    'Sign out?',
    `<p>Do you want to sign out of Grail Machine on this browser?</p><form method="post" action="${endpointUrl(api.logout)}"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><button type="submit">Sign out</button></form><p><a href="/">Stay signed in</a></p>`,
  );
}

/** After the confirmation form's POST. */
export function signedOutPage(): string {
  return page('You are signed out', '<p><a href="/">Go to the home page</a></p>');
}
