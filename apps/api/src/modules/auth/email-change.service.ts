import {
  EMAIL_CHANGE_ADDRESS_TAKEN,
  EMAIL_CHANGE_LINK_INVALID,
  emailChangeSentMessage,
  type EmailChangeRequest,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { securityNotice } from '../notifications/security.view.js';
import { userById } from '../users/users.reads.js';
import { accountByEmail, type UsersService } from '../users/users.service.js';
import { verifyPassword } from './passwords.rules.js';
import { LIMITS, type RateLimitService } from './rate-limits.service.js';
import type { SessionUser } from './sessions.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import { consumeToken, endOpenTokens, hashToken, randomToken } from './auth-tokens.js';

/** As long as a sign-up's verification link. */
const EMAIL_CHANGE_TTL_MS = 48 * 3600_000;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export interface EmailChangeDeps {
  users: Pick<UsersService, 'setEmail'>;
  twoFactor: Pick<TwoFactorService, 'requireSecondFactor'>;
  rateLimits: RateLimitService;
  mail: MailService;
  notifications: Pick<NotificationsService, 'notify'>;
  audit: Pick<AuditService, 'record'>;
  /** PUBLIC_URL: the link starts with it, never with a request's Host. */
  publicUrl: string;
}

/**
 * Changing an account's e-mail address: asked for with the password (and a code when two-factor
 * is on), proven by a link mailed to the new address; only opening it changes anything.
 */
export class EmailChangeService {
  private readonly publicUrl: string;

  constructor(
    private readonly db: Db,
    private readonly deps: EmailChangeDeps,
  ) {
    this.publicUrl = deps.publicUrl.replace(/\/+$/, '');
  }

  /**
   * Mails the link and answers the same message whether or not the address is free, as sign-up
   * does; an address held by another account gets a notice instead of a link. A new request
   * ends every earlier link of the account.
   */
  async request(user: SessionUser, input: EmailChangeRequest): Promise<string> {
    const attempt = await this.deps.rateLimits.take([LIMITS.reauthFailuresPerAccount, user.id]);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('Your current password is not right.', { field: 'currentPassword' });
    }
    await attempt.refund();
    await this.deps.twoFactor.requireSecondFactor(user, input.totpCode);
    const newEmail = input.newEmail;
    if (newEmail.toLowerCase() === user.email.toLowerCase()) {
      throw badRequest('This is already your e-mail address.', { field: 'newEmail' });
    }
    await this.deps.rateLimits.take([LIMITS.emailChangesPerUser, user.id]);
    const holder = await accountByEmail(newEmail, this.db);
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await endOpenTokens(user.id, ['change_email'], tx);
      if (holder) {
        await this.deps.mail.send({ to: holder.email, ...addressTakenMail(holder.username) }, tx);
        return;
      }
      await tx.insert(authTokens).values({
        userId: user.id,
        purpose: 'change_email',
        tokenHash: hashToken(token),
        newEmail,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
      const link = `${this.publicUrl}/confirm-email?token=${token}`;
      await this.deps.mail.send({ to: newEmail, ...confirmationMail(user.username, link) }, tx);
    });
    return emailChangeSentMessage(newEmail);
  }

  /**
   * Opens the link: the address changes (and counts as verified, the link proved it), with its
   * audit row, the security notice and a mail to the old address, all in one transaction.
   * Reset and verification links mailed to the old address stop working.
   */
  async confirm(token: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const row = await consumeToken(token, 'change_email', tx);
        const account = row?.newEmail ? await userById(tx, row.userId) : null;
        if (!row?.newEmail || !account) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
        await this.deps.users.setEmail(account.id, row.newEmail, tx);
        await endOpenTokens(account.id, ['reset_password', 'verify_email'], tx);
        await this.deps.audit.record(
          {
            actorId: account.id,
            action: 'user.email_change',
            subjectType: 'user',
            subjectId: account.id,
            before: { email: account.email },
            after: { email: row.newEmail },
          },
          tx,
        );
        await this.deps.notifications.notify(
          tx,
          account.id,
          securityNotice.emailChanged(row.newEmail),
        );
        await this.deps.mail.send(
          { to: account.email, ...oldAddressMail(account.username, row.newEmail) },
          tx,
        );
      });
    } catch (e) {
      // Another account took the address after the link was sent.
      if (isUniqueViolation(e)) throw conflict(EMAIL_CHANGE_ADDRESS_TAKEN);
      throw e;
    }
  }
}

const confirmationMail = (username: string, link: string) => ({
  subject: 'Confirm your new e-mail address for Grail Machine',
  text: `Hi ${username},\n\nYou asked to use this address for your Grail Machine account. Confirm it by opening this link:\n\n${link}\n\nThe link works once, for 48 hours. Your address does not change until you open it. If you did not ask, ignore this message.\n\nGrail Machine`,
});

const addressTakenMail = (username: string) => ({
  subject: 'Someone tried to use your address on Grail Machine',
  text: `Hi ${username},\n\nSomeone asked to move another Grail Machine account to this e-mail address, which already has an account. Nothing was changed.\n\nIf it was not you, you can ignore this message: your account is safe.\n\nGrail Machine`,
});

const oldAddressMail = (username: string, newEmail: string) => ({
  subject: 'Your Grail Machine e-mail address was changed',
  text: `Hi ${username},\n\nThe e-mail address of your Grail Machine account was changed to ${newEmail}. Messages now go there, not here.\n\nIf this was not you, someone may know your password and the new address is theirs: reply to this message at once to reach our support, who can give the account back to you. Sign-in links and password resets now go to the new address.\n\nGrail Machine`,
});
