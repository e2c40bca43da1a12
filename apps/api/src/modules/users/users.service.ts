import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  TERMS_MINIMUM_AGE,
  TERMS_VERSION,
  UNDERAGE_MESSAGE,
  ageOn,
  type PasswordChangeRequest,
  type ProfileRequest,
  type Theme,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import type { SessionsService, SessionUser } from '../auth/sessions.service.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/passwords.js';

/** The signed-in person's own account: profile, password, theme, sessions; and admin creation. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionsService,
  ) {}

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

  /** Needs the current password; every other session of the user ends. */
  async changePassword(
    user: SessionUser,
    currentSessionId: string,
    input: PasswordChangeRequest,
  ): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('Your current password is not right.', { field: 'currentPassword' });
    }
    assertStrongPassword(input.newPassword, [user.email, user.username], 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.sessions.destroyAllForUser(user.id, currentSessionId, tx);
    });
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

  /**
   * Creates an admin, or promotes the existing account with that email (its password is then
   * replaced). Used by `npm run admin:create` and by ADMIN_EMAIL/ADMIN_PASSWORD at start.
   */
  async createAdmin(email: string, password: string): Promise<'created' | 'promoted'> {
    assertStrongPassword(password, [email]);
    const passwordHash = await hashPassword(password);
    const [existing] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    if (existing) {
      await this.db
        .update(users)
        .set({ role: 'admin', passwordHash })
        .where(eq(users.id, existing.id));
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

  async hasAdmin(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    return Boolean(row);
  }
}
