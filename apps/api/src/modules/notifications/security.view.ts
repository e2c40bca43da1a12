import type { NotificationEvent } from './notifications.service.js';

const SETTINGS = '/dashboard?tab=settings';
const IF_NOT_YOU = 'If this was not you, reset your password at once and contact support.';

/** The security notices: always e-mailed, whatever the collector's choices. */
export const securityNotice = {
  newBrowser: (where: { ip?: string | undefined; userAgent?: string | undefined }) =>
    ({
      category: 'security',
      kind: 'security.new_browser',
      title: 'A sign-in from a new browser',
      body: `Someone signed in to your account from a browser it has not used before${where.userAgent ? ` (${where.userAgent.slice(0, 120)})` : ''}${where.ip ? ` at ${where.ip}` : ''}. ${IF_NOT_YOU}`,
      link: SETTINGS,
    }) satisfies NotificationEvent,
  passwordChanged: () =>
    ({
      category: 'security',
      kind: 'security.password_changed',
      title: 'Your password was changed',
      body: `Every other session of your account was signed out. ${IF_NOT_YOU}`,
      link: SETTINGS,
    }) satisfies NotificationEvent,
  emailChanged: (newEmail: string) =>
    ({
      category: 'security',
      kind: 'security.email_changed',
      title: 'Your e-mail address was changed',
      body: `Your account's e-mail address is now ${newEmail}. ${IF_NOT_YOU}`,
      link: SETTINGS,
    }) satisfies NotificationEvent,
  twoFactor: (on: boolean) =>
    ({
      category: 'security',
      kind: on ? 'security.two_factor_on' : 'security.two_factor_off',
      title: on ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off',
      body: on
        ? 'Signing in now needs a code from your authenticator app. Keep your recovery codes somewhere safe.'
        : `Signing in no longer needs a code from your authenticator app. ${IF_NOT_YOU}`,
      link: SETTINGS,
    }) satisfies NotificationEvent,
  recoveryCodeUsed: (left: number) =>
    ({
      category: 'security',
      kind: 'security.recovery_code_used',
      title: 'A recovery code was used',
      body: `One of your recovery codes was used in place of an authenticator code; ${left} ${left === 1 ? 'is' : 'are'} left. ${IF_NOT_YOU}`,
      link: SETTINGS,
    }) satisfies NotificationEvent,
};
