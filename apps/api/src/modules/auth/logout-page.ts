import { endpointUrl } from '@grail/contract';
import { authEndpoints as api } from '@grail/contract';
import { barePage, escapeHtml } from '../../lib/bare-page.js';

/**
 * Asked when a sign-out link arrives without proof that our own page sent it: a POST with the
 * session's CSRF token signs out, so another site's link or image cannot.
 */
export function confirmLogoutPage(csrfToken: string): string {
  return barePage(
    'Sign out?',
    `<p>Do you want to sign out of Grail Machine on this browser?</p><form method="post" action="${endpointUrl(api.logout)}"><input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}"><button type="submit">Sign out</button></form><p><a href="/">Stay signed in</a></p>`,
  );
}

/** After the confirmation form's POST. */
export function signedOutPage(): string {
  return barePage('You are signed out', '<p><a href="/">Go to the home page</a></p>');
}
