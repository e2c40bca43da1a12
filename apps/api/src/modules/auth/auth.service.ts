import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  FORGOT_PASSWORD_MESSAGE,
  TERMS_VERSION,
  type LoginRequest,
  type RegisterBody,
  type RegisterRequest,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors.js';
import type { MailService } from '../mail/mail.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { securityNotice } from '../notifications/security.view.js';
import { accountsByEmailOrUsername, userById } from '../users/users.reads.js';
import { accountByEmail, type UsersService } from '../users/users.service.js';
import type { SessionsService, SessionUser } from './sessions.service.js';
import { consumeToken, hashToken, liveToken, randomToken } from './auth-tokens.js';
import {
  assertStrongPassword,
  decoyPasswordHash,
  hashPassword,
  verifyPassword,
} from './passwords.rules.js';
import {
  LIMITS,
  tooManyRequests,
  type Limit,
  type RateLimitService,
} from './rate-limits.service.js';
import { INVALID_CODE, type TwoFactorService } from './two-factor.service.js';

const HOUR = 3600_000;
const VERIFY_EMAIL_TTL_MS = 48 * HOUR;
const RESET_PASSWORD_TTL_MS = HOUR;
const LOGIN_CHALLENGE_TTL_MS = 10 * 60_000;
/** Wrong codes allowed against one sign-in challenge. */
export const CHALLENGE_MAX_FAILURES = 5;
/** forgot-password answers no sooner than this, known email or not, so timing says nothing. */
const FORGOT_PASSWORD_FLOOR_MS = 300;

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  /** The browser's device cookie, as sent (verified here). */
  device?: string;
}

export interface AuthOptions {
  sessions: SessionsService;
  mail: MailService;
  rateLimits: RateLimitService;
  twoFactor: Pick<TwoFactorService, 'acceptSecondFactor'>;
  /** The accounts themselves: auth writes them only through this. */
  users: Pick<UsersService, 'createAccount' | 'markEmailVerified' | 'setPasswordHash'>;
  /** Security notices: a sign-in from a new browser, a password reset. */
  notifications: Pick<NotificationsService, 'notify'>;
  /** PUBLIC_URL: every link in an e-mail starts with it, never with a request's Host. */
  publicUrl: string;
  log?: FastifyBaseLogger;
  /**
   * Called once an address is verified, with the session that verified it when that session is
   * the account's own (staff rights granted by ADMIN_EMAIL arrive here); answers the user as it
   * now is.
   */
  onEmailVerified?: (user: SessionUser, keepSessionId?: string) => Promise<SessionUser>;
}

export type SignIn = { user: SessionUser; token: string; csrfToken: string };
export type LoginResult = SignIn | { totpRequired: true; challengeToken: string };

const INVALID_CREDENTIALS = 'Invalid email or password';
const CHALLENGE_OVER = 'This sign-in has expired. Please sign in again.';

const isUniqueViolation = (e: unknown): e is { constraint?: string } => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
const constraintOf = (e: unknown) => {
  const err = e as { constraint?: string; cause?: { constraint?: string } };
  return err.constraint ?? err.cause?.constraint ?? '';
};

const usernameTaken = () => conflict('This username is already taken.', { field: 'username' });

/**
 * Sign-up, sign-in (with the TOTP step), e-mail verification, password recovery and two-factor
 * set-up. Every answer that could tell an attacker whether an account exists is the same for both.
 */
export class AuthService {
  private readonly publicUrl: string;
  private readonly log?: FastifyBaseLogger;

  private readonly sessions: SessionsService;
  private readonly mail: MailService;
  private readonly limits: RateLimitService;

  constructor(
    private readonly db: Db,
    private readonly options: AuthOptions,
  ) {
    this.sessions = options.sessions;
    this.mail = options.mail;
    this.limits = options.rateLimits;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.log = options.log;
  }

  /**
   * A new account, signed in. An address that already has an account gets exactly the same
   * answer (status, shape, cookies), but no session and no change: its owner is mailed instead,
   * so sign-up never tells a stranger which addresses are registered. Usernames are public, so a
   * taken one is still refused by name.
   */
  async register(input: RegisterBody, meta: ClientMeta): Promise<SignIn> {
    await this.limits.take([LIMITS.registrationsPerIp, meta.ip]);
    await assertStrongPassword(input.password, [input.email, input.username]);
    const owner = await this.assertUsernameFree(input.email, input.username);
    // Hashed on both paths, so the time taken says nothing about the address either.
    const passwordHash = await hashPassword(input.password);
    if (owner) return this.registerTaken(owner, input);
    const verifyToken = randomToken();
    try {
      const result = await this.db.transaction(async (tx) => {
        const user = await this.options.users.createAccount(
          { email: input.email, username: input.username, passwordHash },
          tx,
        );
        await this.issueToken(user.id, 'verify_email', verifyToken, VERIFY_EMAIL_TTL_MS, tx);
        const session = await this.sessions.create(user.id, meta, tx);
        await this.sendVerification(user, verifyToken, tx, input.returnPath);
        return { user, token: session.token, csrfToken: session.csrfToken };
      });
      return result;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // Another sign-up took the address or the name between the check and the insert.
      if (!constraintOf(e).includes('email')) throw usernameTaken();
      const raced = await this.accountByEmail(input.email);
      if (!raced) throw e;
      return this.registerTaken(raced, input);
    }
  }

  /** 409 when the username belongs to someone else; answers the account holding the address. */
  private async assertUsernameFree(email: string, username: string) {
    const holders = await accountsByEmailOrUsername(this.db, email, username);
    if (holders.some((u) => u.username.toLowerCase() === username.toLowerCase()))
      throw usernameTaken();
    return holders.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
  }

  private accountByEmail(email: string) {
    return accountByEmail(email, this.db);
  }

  /**
   * Sign-up with an address that has an account: the answer a new account would get, built from
   * what was sent, with tokens that open nothing; the owner learns of it by mail (a few times an
   * hour at most, so nobody can flood their inbox through us).
   */
  private async registerTaken(owner: SessionUser, input: RegisterRequest): Promise<SignIn> {
    try {
      await this.limits.take([LIMITS.registrationNoticesPerEmail, owner.email]);
      await this.mail.send({
        to: owner.email,
        subject: 'Someone tried to register with your address',
        text: `Hi ${owner.username},\n\nSomeone just tried to create a Grail Machine account with this email address, which already has an account. Nothing was changed and nobody was signed in.\n\nIf it was you, sign in here:\n\n${this.publicUrl}/login\n\nForgot your password? Choose a new one here:\n\n${this.publicUrl}/forgot-password\n\nIf it was not you, you can ignore this message: your account is safe.\n\nGrail Machine`,
      });
    } catch (err) {
      // A full notice limit or a mail failure must not change the answer.
      if (!(err instanceof AppError && err.statusCode === 429))
        this.log?.error({ err }, 'registration notice mail failed');
    }
    const now = new Date();
    const lookalike: SessionUser = {
      id: randomUUID(),
      email: input.email,
      username: input.username,
      passwordHash: '',
      role: 'user',
      emailVerifiedAt: null,
      displayName: null,
      dateOfBirth: null,
      shippingAddress: null,
      disabledAt: null,
      termsAcceptedAt: now,
      termsVersion: TERMS_VERSION,
      theme: null,
      totpSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
      clientSeed: randomBytes(16).toString('hex'),
      pullsAnonymous: false,
      createdAt: now,
    };
    return { user: lookalike, token: randomToken(), csrfToken: randomToken() };
  }

  async login(input: LoginRequest, meta: ClientMeta): Promise<LoginResult> {
    const user = await this.accountByEmail(input.email);
    const device = this.knownDevice(user?.id, meta);
    // Counted before the password is checked, so parallel guesses cannot all slip in under it.
    const buckets: Array<[Limit, string]> = device
      ? [[LIMITS.loginFailuresPerDevice, device]]
      : [
          [LIMITS.loginFailuresPerIp, meta.ip],
          [LIMITS.loginFailuresPerAccount, input.email],
        ];
    const attempt = await this.limits.take(...buckets);
    const ok = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
    // Told only to whoever knows the password, so it reveals nothing about the address.
    if (user.disabledAt) throw forbidden('This account is disabled. Contact support.');
    // A right password is no failure: its slots go back and the account's failures are cleared
    // (the second factor keeps its own count, which a password never clears).
    // A known browser clears only its own count: the owner signing in must not hand a stranger
    // a fresh budget against the account.
    await attempt.refund();
    if (device) await this.limits.reset(LIMITS.loginFailuresPerDevice, device);
    else await this.limits.reset(LIMITS.loginFailuresPerAccount, input.email);
    if (user.totpEnabledAt) {
      const challengeToken = randomToken();
      await this.issueToken(
        user.id,
        'login_challenge',
        challengeToken,
        LOGIN_CHALLENGE_TTL_MS,
        this.db,
      );
      return { totpRequired: true, challengeToken };
    }
    const session = await this.signIn(user.id, meta, device);
    return { user, token: session.token, csrfToken: session.csrfToken };
  }

  /** Second step: a TOTP code or an unused recovery code against a live challenge. */
  async loginTotp(challengeToken: string, code: string, meta: ClientMeta): Promise<SignIn> {
    const [challenge] = await this.db
      .select()
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(challengeToken)),
          eq(authTokens.purpose, 'login_challenge'),
        ),
      )
      .limit(1);
    if (!challenge || challenge.usedAt || challenge.expiresAt <= new Date())
      throw unauthorized(CHALLENGE_OVER);
    if (challenge.failedAttempts >= CHALLENGE_MAX_FAILURES) throw this.tooManyCodes();
    const user = await userById(this.db, challenge.userId);
    if (!user?.totpEnabledAt || !user.totpSecretEnc) throw unauthorized(CHALLENGE_OVER);
    // Codes have their own count per account, across challenges: fresh challenges (one right
    // password each) cannot be farmed for more guesses.
    // A known browser counts its own wrong codes, so someone who learnt the password cannot lock
    // the owner's browser out of this step either.
    const device = this.knownDevice(user.id, meta);
    const buckets: Array<[Limit, string]> = device
      ? [[LIMITS.totpFailuresPerDevice, device]]
      : [
          [LIMITS.loginFailuresPerIp, meta.ip],
          [LIMITS.totpFailuresPerAccount, user.id],
        ];
    const attempt = await this.limits.take(...buckets);

    const accepted = await this.options.twoFactor.acceptSecondFactor(user, code);
    if (!accepted) {
      const [after] = await this.db
        .update(authTokens)
        .set({ failedAttempts: sql`${authTokens.failedAttempts} + 1` })
        .where(eq(authTokens.id, challenge.id))
        .returning({ failedAttempts: authTokens.failedAttempts });
      if ((after?.failedAttempts ?? 0) >= CHALLENGE_MAX_FAILURES) throw this.tooManyCodes();
      throw unauthorized(INVALID_CODE);
    }
    // Single use: only the request that marks it used signs in.
    const claimed = await this.db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.id, challenge.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    await attempt.refund();
    if (claimed.length === 0) throw unauthorized(CHALLENGE_OVER);
    const session = await this.signIn(user.id, meta, device);
    return { user, token: session.token, csrfToken: session.csrfToken };
  }

  /** A session, and the security notice when the browser has not signed in to this account before. */
  private signIn(userId: string, meta: ClientMeta, knownDevice: string | null) {
    return this.db.transaction(async (tx) => {
      const session = await this.sessions.create(userId, meta, tx);
      if (!knownDevice)
        await this.options.notifications.notify(tx, userId, securityNotice.newBrowser(meta));
      return session;
    });
  }

  /**
   * The id of the browser's device cookie when it was signed for this account (OWASP's device
   * cookies): that browser keeps failure counts of its own. Any other cookie counts for nothing.
   */
  private knownDevice(userId: string | undefined, meta: ClientMeta): string | null {
    const device = this.sessions.deviceOf(meta.device);
    return device && userId && device.userId === userId ? device.deviceId : null;
  }

  /** The challenge is spent: a new sign-in may start at once. */
  private tooManyCodes() {
    return tooManyRequests('Too many wrong codes. Please sign in again.', 1);
  }

  /** `session`: the caller's session, if any; kept when staff rights arrive with the address. */
  async verifyEmail(
    token: string,
    session?: { id: string; userId: string } | null,
  ): Promise<SessionUser> {
    const user = await this.db.transaction(async (tx) => {
      const row = await consumeToken(token, 'verify_email', tx);
      if (!row) throw badRequest('This verification link is invalid or has expired.');
      return this.options.users.markEmailVerified(row.userId, tx);
    });
    if (!this.options.onEmailVerified) return user;
    return this.options.onEmailVerified(user, session?.userId === user.id ? session.id : undefined);
  }

  async resendVerification(user: SessionUser): Promise<void> {
    if (user.emailVerifiedAt) throw badRequest('Your email address is already verified.');
    await this.limits.take([LIMITS.verifyResendPerUser, user.id]);
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await this.issueToken(user.id, 'verify_email', token, VERIFY_EMAIL_TTL_MS, tx);
      await this.sendVerification(user, token, tx);
    });
  }

  /** Queued in `tx`, the transaction that issues the token: no mail without its token, nor the reverse. */
  private async sendVerification(user: SessionUser, token: string, tx: Tx, returnPath?: string) {
    // The page the sign-up started from rides along, so the link leads back to it.
    const back = returnPath ? `&returnTo=${encodeURIComponent(returnPath)}` : '';
    const link = `${this.publicUrl}/auth/callback?token=${token}${back}`;
    await this.mail.send(
      {
        to: user.email,
        subject: 'Verify your email for Grail Machine',
        text: `Hi ${user.username},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works for 48 hours. If you did not create an account, ignore this message.\n\nGrail Machine`,
      },
      tx,
    );
  }

  /** Same answer, about the same time, whether or not the email has an account. */
  async forgotPassword(email: string, meta: ClientMeta): Promise<string> {
    const floor = sleep(FORGOT_PASSWORD_FLOOR_MS);
    await this.limits.take(
      [LIMITS.forgotPasswordPerIp, meta.ip],
      [LIMITS.forgotPasswordPerEmail, email],
    );
    const user = await this.accountByEmail(email);
    if (user) {
      // Sent in the background: a slow SMTP server must not make known emails answer later.
      void this.sendReset(user).catch((err: unknown) =>
        this.log?.error({ err }, 'password reset mail failed'),
      );
    }
    await floor;
    return FORGOT_PASSWORD_MESSAGE;
  }

  private async sendReset(user: SessionUser) {
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await this.issueToken(user.id, 'reset_password', token, RESET_PASSWORD_TTL_MS, tx);
      await this.mail.send(
        {
          to: user.email,
          subject: 'Reset your Grail Machine password',
          text: `Hi ${user.username},\n\nSomeone (hopefully you) asked to reset your password. Choose a new one here:\n\n${this.publicUrl}/reset-password/${token}\n\nThe link works once, for 1 hour. If you did not ask, ignore this message: your password stays the same.\n\nGrail Machine`,
        },
        tx,
      );
    });
  }

  /**
   * Sets a new password and ends every session; every other reset link and sign-in challenge of
   * the account dies with this one. The person then signs in (with TOTP if on).
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const [pending] = await this.db
      .select({ userId: authTokens.userId })
      .from(authTokens)
      .where(liveToken(token, 'reset_password'))
      .limit(1);
    const account = pending && (await userById(this.db, pending.userId));
    if (!account) throw badRequest('This reset link is invalid or has expired.');
    await assertStrongPassword(password, [account.email, account.username]);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const row = await consumeToken(token, 'reset_password', tx);
      if (!row) throw badRequest('This reset link is invalid or has expired.');
      await this.options.users.setPasswordHash(row.userId, passwordHash, tx);
      await this.sessions.revokeCredentials(row.userId, undefined, tx);
      await this.options.notifications.notify(tx, row.userId, securityNotice.passwordChanged());
    });
  }

  private async issueToken(
    userId: string,
    purpose: 'verify_email' | 'reset_password' | 'login_challenge',
    token: string,
    ttlMs: number,
    tx: Db | Tx,
  ) {
    await tx.insert(authTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  }
}
