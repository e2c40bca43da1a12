import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  TERMS_MINIMUM_AGE,
  TERMS_VERSION,
  UNDERAGE_MESSAGE,
  ageOn,
  type PasswordChangeRequest,
  type ProfileRequest,
  type Theme,
} from '@grail/contract';
import type { PullPreferences } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import type { UserRow } from './users.reads.js';
import type { SessionsService, SessionUser } from '../auth/sessions.service.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/passwords.rules.js';
import { LIMITS, type RateLimitService } from '../auth/rate-limits.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { securityNotice } from '../notifications/security.view.js';

/** What `npm run admin:grant` found: only a verified account is made an administrator. */
export type GrantAdminOutcome = 'granted' | 'already-admin' | 'unknown' | 'unverified';
/** What ADMIN_EMAIL did: nothing configured, an admin already there, waiting for verification… */
export type AdminEmailOutcome = 'off' | 'unchanged' | 'created' | 'promoted' | 'waiting';

/** The signed-in person's own account: profile, password, theme, sessions; and admin creation. */
export class UsersService {
  private readonly sessions: SessionsService;
  private readonly limits: RateLimitService;
  private readonly adminBootstrap: { email?: string; password?: string };
  private readonly notifications: Pick<NotificationsService, 'notify'> | undefined;

  constructor(
    private readonly db: Db,
    deps: {
      sessions: SessionsService;
      rateLimits: RateLimitService;
      /** ADMIN_EMAIL and ADMIN_PASSWORD: the first administrator's address and password. */
      adminBootstrap?: { email?: string; password?: string };
      /** The "password changed" notice; the command-line tools change no password and pass none. */
      notifications?: Pick<NotificationsService, 'notify'>;
    },
  ) {
    this.notifications = deps.notifications;
    this.sessions = deps.sessions;
    this.limits = deps.rateLimits;
    this.adminBootstrap = deps.adminBootstrap ?? {};
  }

  /** The complete-profile step; under 18 is refused and nothing is saved. */
  async updateProfile(user: SessionUser, input: ProfileRequest): Promise<SessionUser> {
    if (ageOn(input.dateOfBirth) < TERMS_MINIMUM_AGE) {
      throw badRequest(UNDERAGE_MESSAGE, { field: 'dateOfBirth' });
    }
    const { line2, ...address } = input.shippingAddress;
    const [row] = await this.db
      .update(users)
      .set({
        displayName: input.displayName,
        dateOfBirth: input.dateOfBirth,
        shippingAddress: line2 ? { ...address, line2 } : address,
        termsAcceptedAt: new Date(),
        termsVersion: TERMS_VERSION,
      })
      .where(eq(users.id, user.id))
      .returning();
    return row!;
  }

  /**
   * Needs the current password (wrong ones count against the account's re-entered-password
   * limit); every other session of the user ends and every outstanding reset link stops working.
   */
  async changePassword(
    user: SessionUser,
    currentSessionId: string,
    input: PasswordChangeRequest,
  ): Promise<void> {
    const attempt = await this.limits.take([LIMITS.reauthFailuresPerAccount, user.id]);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('Your current password is not right.', { field: 'currentPassword' });
    }
    await attempt.refund();
    await assertStrongPassword(input.newPassword, [user.email, user.username], 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await this.setPasswordHash(user.id, passwordHash, tx);
      await this.sessions.revokeCredentials(user.id, currentSessionId, tx);
      await this.notifications?.notify(tx, user.id, securityNotice.passwordChanged());
    });
  }

  /** A sign-up's account, in the transaction that also issues its session and verification. */
  async createAccount(
    account: { email: string; username: string; passwordHash: string },
    tx: Db | Tx = this.db,
  ): Promise<UserRow> {
    const [row] = await tx
      .insert(users)
      .values({ ...account, termsAcceptedAt: new Date(), termsVersion: TERMS_VERSION })
      .returning();
    return row!;
  }

  /** The address is verified (the first verification's time is kept); answers the account. */
  async markEmailVerified(userId: string, tx: Db | Tx = this.db): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  }

  /** A confirmed new address (the link mailed to it proved it is theirs), in the caller's transaction. */
  async setEmail(userId: string, email: string, tx: Db | Tx = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ email, emailVerifiedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /** A new password's hash, in the caller's transaction (which also revokes credentials). */
  async setPasswordHash(userId: string, passwordHash: string, tx: Db | Tx = this.db) {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  /** A TOTP secret (sealed) waiting for its first code; two-factor is not on yet. */
  async setPendingTotpSecret(userId: string, totpSecretEnc: string): Promise<void> {
    await this.db
      .update(users)
      .set({ totpSecretEnc, totpLastStep: null })
      .where(eq(users.id, userId));
  }

  /**
   * Records `step` as the last TOTP step accepted, only when later than the one recorded
   * (atomically, so a replayed or raced code loses); true when it was.
   */
  async recordTotpStep(userId: string, step: number): Promise<boolean> {
    const won = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return won.length > 0;
  }

  /** Turns two-factor on with its first accepted step; null when it was already on. */
  async enableTotp(userId: string, step: number, tx: Db | Tx = this.db): Promise<UserRow | null> {
    const [row] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning();
    return row ?? null;
  }

  /** Turns two-factor off and forgets its secret. */
  async disableTotp(userId: string, tx: Db | Tx = this.db): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ totpEnabledAt: null, totpSecretEnc: null, totpLastStep: null })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  }

  async setTheme(user: SessionUser, theme: Theme): Promise<Theme> {
    await this.db.update(users).set({ theme }).where(eq(users.id, user.id));
    return theme;
  }

  async listSessions(user: SessionUser, currentSessionId: string) {
    const rows = await this.sessions.listForUser(user.id);
    return rows.map((s) => ({
      _id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.id === currentSessionId,
    }));
  }

  /** Another person's session id looks exactly like an unknown one: 404. */
  async revokeSession(user: SessionUser, sessionId: string): Promise<void> {
    if (!(await this.sessions.destroyForUser(user.id, sessionId))) {
      throw notFound('Session not found');
    }
  }

  private accountByEmail(email: string) {
    return accountByEmail(email, this.db);
  }

  /**
   * Creates an admin, or promotes the existing account with that email: its password is then
   * replaced and every session it had ends. Used by `npm run admin:create`, where the operator
   * names the address and sets the password.
   */
  async createAdmin(email: string, password: string): Promise<'created' | 'promoted'> {
    await assertStrongPassword(password, [email]);
    const passwordHash = await hashPassword(password);
    const existing = await this.accountByEmail(email);
    if (existing) {
      await this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: 'admin', passwordHash })
          .where(eq(users.id, existing.id));
        await this.sessions.revokeCredentials(existing.id, undefined, tx);
      });
      return 'promoted';
    }
    const base =
      email
        .split('@')[0]!
        .replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 18) || 'admin';
    await this.db.insert(users).values({
      email,
      username: `${base.length >= 3 ? base : 'admin'}_${randomBytes(2).toString('hex')}`,
      passwordHash,
      role: 'admin',
      // The operator typed this address; it needs no verification link.
      emailVerifiedAt: new Date(),
    });
    return 'created';
  }

  /**
   * `npm run admin:grant`: staff rights for an existing account whose address is verified (a
   * stranger may have registered an unverified one). Its sessions end, so it signs in again
   * and nothing opened before the grant carries the new rights.
   */
  async grantAdmin(email: string): Promise<GrantAdminOutcome> {
    const account = await this.accountByEmail(email);
    if (!account) return 'unknown';
    if (!account.emailVerifiedAt) return 'unverified';
    if (account.role === 'admin') return 'already-admin';
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, account.id));
      await this.sessions.revokeCredentials(account.id, undefined, tx);
    });
    return 'granted';
  }

  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD, while no administrator exists. With no account at that
   * address one is created (the operator typed the address, so it counts as verified). An
   * account someone registered with it stays a user until its address is verified: then, at its
   * verification or at the next start, it becomes the administrator, its password becomes
   * ADMIN_PASSWORD (whoever registered it may know the old one) and every other session ends.
   */
  async applyAdminEmail(
    opts: { createMissing: boolean; keepSessionId?: string } = { createMissing: true },
  ): Promise<AdminEmailOutcome> {
    const { email, password } = this.adminBootstrap;
    if (!email || !password) return 'off';
    // At start a weak ADMIN_PASSWORD stops the server; later calls run on one already checked.
    if (opts.createMissing) await assertStrongPassword(password, [email]);
    if (await this.hasAdmin()) return 'unchanged';
    const account = await this.accountByEmail(email);
    if (!account) {
      if (!opts.createMissing) return 'unchanged';
      await this.createAdmin(email, password);
      return 'created';
    }
    if (!account.emailVerifiedAt) return 'waiting';
    const passwordHash = await hashPassword(password);
    const promoted = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ role: 'admin', passwordHash })
        .where(
          and(
            eq(users.id, account.id),
            isNotNull(users.emailVerifiedAt),
            sql`not exists (select 1 from users as staff where staff.role = 'admin')`,
          ),
        )
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      await this.sessions.revokeCredentials(account.id, opts.keepSessionId, tx);
      return true;
    });
    return promoted ? 'promoted' : 'unchanged';
  }

  /** After an address is verified: ADMIN_EMAIL's account becomes the administrator now. */
  async onEmailVerified(user: SessionUser, keepSessionId?: string): Promise<SessionUser> {
    const { email } = this.adminBootstrap;
    if (!email || email.toLowerCase() !== user.email.toLowerCase()) return user;
    const outcome = await this.applyAdminEmail({ createMissing: false, keepSessionId });
    if (outcome !== 'promoted') return user;
    return (await this.accountByEmail(user.email)) ?? user;
  }

  /** A staff member's change of role, in their command's transaction (which audits it). */
  async setRole(userId: string, role: 'user' | 'admin', tx: Db | Tx = this.db): Promise<void> {
    await tx.update(users).set({ role }).where(eq(users.id, userId));
  }

  /** A staff member's disabling or enabling of an account, in their command's transaction. */
  async setDisabled(userId: string, disabled: boolean, tx: Db | Tx = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null })
      .where(eq(users.id, userId));
  }

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    return Boolean(row);
  }
}

/** The account with this address, whatever its letter case (addresses are unique without case). */
export async function accountByEmail(email: string, db: Db) {
  const [account] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return account ?? null;
}

/** A collector's pull preferences (client seed, anonymity on recent pulls); undefined for no such account. */
export async function setPullPreferences(
  db: Db | Tx,
  userId: string,
  prefs: PullPreferences,
): Promise<PullPreferences | undefined> {
  const [row] = await db
    .update(users)
    .set(prefs)
    .where(eq(users.id, userId))
    .returning({ clientSeed: users.clientSeed, pullsAnonymous: users.pullsAnonymous });
  return row;
}
