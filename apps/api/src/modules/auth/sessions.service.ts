import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authTokens, sessions, users } from '../../db/schema/index.js';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export type SessionUser = typeof users.$inferSelect;
export interface ActiveSession {
  id: string;
  csrfToken: string;
  user: SessionUser;
}

/**
 * The look-up behind every signed-in request, prepared once: the query is not rebuilt per request
 * and PostgreSQL plans it once per connection.
 */
const sessionByToken = (db: Db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A disabled account's sessions are ended; none it might still hold counts.
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

export class SessionsService {
  private readonly byToken: ReturnType<typeof sessionByToken>;

  constructor(
    private readonly db: Db,
    private readonly appSecret: string,
  ) {
    this.byToken = sessionByToken(db);
  }

  /** A brand-new session (never reused across sign-ins, so no fixation). */
  async create(
    userId: string,
    meta: { ip?: string; userAgent?: string } = {},
    tx: Db | Tx = this.db,
  ) {
    const token = randomToken();
    const csrfToken = randomToken();
    const now = Date.now();
    const [row] = await tx
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId,
        csrfToken,
        expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
      })
      .returning({ id: sessions.id });
    return { id: row!.id, token, csrfToken };
  }

  /** The live session for a token, or null when unknown, expired or idle too long. */
  async resolve(token: string, now = new Date()): Promise<ActiveSession | null> {
    const [row] = await this.byToken.execute({ tokenHash: hashToken(token), now });
    if (!row) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
      await this.db.delete(sessions).where(eq(sessions.id, row.session.id));
      return null;
    }
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.session.id));
    }
    return { id: row.session.id, csrfToken: row.session.csrfToken, user: row.user };
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** The user's live sessions, most recently used first. */
  async listForUser(userId: string) {
    return this.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** Ends one of the user's sessions; false when it is not theirs (or already gone). */
  async destroyForUser(userId: string, sessionId: string): Promise<boolean> {
    const gone = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return gone.length > 0;
  }

  /** Ends every session of a user, or every one but `keepSessionId` (password change). */
  async destroyAllForUser(userId: string, keepSessionId?: string, tx: Db | Tx = this.db) {
    await tx
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
          : eq(sessions.userId, userId),
      );
  }

  /**
   * After the password changed, was reset or the account gained staff rights: every session but
   * `keepSessionId` ends, and every outstanding reset link and sign-in challenge stops working, so
   * nothing issued under the old state outlives it.
   */
  async revokeCredentials(
    userId: string,
    keepSessionId?: string,
    tx: Db | Tx = this.db,
  ): Promise<void> {
    await this.destroyAllForUser(userId, keepSessionId, tx);
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, userId),
          inArray(authTokens.purpose, ['reset_password', 'login_challenge']),
          isNull(authTokens.usedAt),
        ),
      );
  }

  /** An anonymous CSRF token: random part plus its HMAC, so the server can recognise its own. */
  anonymousCsrfToken(): string {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${this.sign(nonce)}`;
  }

  isValidAnonymousCsrfToken(token: string): boolean {
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(value: string): string {
    return createHmac('sha256', this.appSecret).update(`csrf:${value}`).digest('base64url');
  }
}
