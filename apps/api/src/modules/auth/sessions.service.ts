import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.js';
import { sessions, signIns } from '../../db/schema/index.js';
import { activeAccounts, type UserRow } from '../users/users.reads.js';
import { SIGN_IN_MEMORY_DAYS } from './auth.reads.js';
import { endOpenTokens, hashToken, randomToken } from './auth-tokens.js';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = 60 * 1000;
/**
 * How long a session read from the database is answered from this instance's memory. Every
 * change that ends or alters a session reaches every instance at once (SESSION_CHANGES_CHANNEL);
 * this only bounds how long a missed notification could matter.
 */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** Written by triggers (migration 0015) with the user's id when a session or its user changes. */
const SESSION_CHANGES_CHANNEL = 'session_changes';

export type SessionUser = UserRow;
export interface ActiveSession {
  id: string;
  csrfToken: string;
  user: SessionUser;
}

/**
 * The look-up behind every signed-in request, prepared once: the query is not rebuilt per request
 * and PostgreSQL plans it once per connection.
 */
const sessionByToken = (db: Db) => {
  // A disabled account's sessions are ended; none it might still hold counts.
  const account = activeAccounts(db);
  return db
    .select()
    .from(sessions)
    .innerJoin(account, eq(account.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
};

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByToken>['execute']>>[number];

export class SessionsService {
  private readonly byToken: ReturnType<typeof sessionByToken>;
  /** Sessions read lately, by token hash; kept only while this instance hears every change. */
  private readonly recent = new Map<string, { row: SessionRow; until: number }>();
  /** Counts changes heard, so that a read that overlapped one is not kept. */
  private changes = 0;
  private hearing: Promise<(() => Promise<void>) | undefined> | null = null;
  private heard = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly appSecret: string,
    /** Where session changes are heard; without it every request reads its session afresh. */
    private readonly changesFrom?: Pick<Database, 'listen'>,
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
    if (meta.ip) {
      await tx.insert(signIns).values({ userId, ip: meta.ip });
      // An address is kept only as long as the related-account rule looks back.
      await tx
        .delete(signIns)
        .where(
          and(
            eq(signIns.userId, userId),
            lt(signIns.at, new Date(now - SIGN_IN_MEMORY_DAYS * 86_400_000)),
          ),
        );
    }
    return { id: row!.id, token, csrfToken };
  }

  /**
   * The live session for a token, or null when unknown, expired or idle too long. With
   * `fromMemory` it may be answered from this instance's memory, up to a notification's delay
   * behind a change made elsewhere (a sign-out on this instance is seen at once): only for a
   * request whose own transaction checks the session again (a pack purchase, a Buy now). Any
   * other request reads it afresh, so a collector always sees their own change on the next one.
   */
  async resolve(
    token: string,
    opts: { fromMemory?: boolean; now?: Date } = {},
  ): Promise<ActiveSession | null> {
    const now = opts.now ?? new Date();
    const tokenHash = hashToken(token);
    const row = opts.fromMemory
      ? (this.remembered(tokenHash, now) ?? (await this.read(tokenHash, now)))
      : await this.read(tokenHash, now);
    if (!row) return null;
    if (row.sessions.expiresAt <= now) {
      this.recent.delete(tokenHash);
      return null;
    }
    if (now.getTime() - row.sessions.lastSeenAt.getTime() > SESSION_IDLE_MS) {
      this.recent.delete(tokenHash);
      await this.db.delete(sessions).where(eq(sessions.id, row.sessions.id));
      return null;
    }
    if (now.getTime() - row.sessions.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      row.sessions.lastSeenAt = now;
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.sessions.id));
    }
    return { id: row.sessions.id, csrfToken: row.sessions.csrfToken, user: row.account };
  }

  private remembered(tokenHash: string, now: Date): SessionRow | undefined {
    const entry = this.recent.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now.getTime()) return entry.row;
    this.recent.delete(tokenHash);
    return undefined;
  }

  /** Reads a session from the database, and keeps it when no change could have overlapped. */
  private async read(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    this.hear();
    const keep = this.heard;
    const changes = this.changes;
    const [row] = await this.byToken.execute({ tokenHash, now });
    if (row && keep && this.heard && changes === this.changes) {
      if (this.recent.size >= SESSION_CACHE_MAX) this.recent.clear();
      this.recent.set(tokenHash, { row, until: now.getTime() + SESSION_CACHE_TTL_MS });
    }
    return row;
  }

  /** LISTENs for session changes once; while not listening, nothing is kept. */
  private hear(): void {
    if (!this.changesFrom || this.hearing || this.closed) return;
    const lost = () => {
      this.heard = false;
      this.hearing = null;
      this.forgetAll();
    };
    this.hearing = this.changesFrom
      .listen(SESSION_CHANGES_CHANNEL, (userId) => this.forgetUser(userId), lost)
      .then(
        (stop) => {
          this.heard = !this.closed;
          return stop;
        },
        () => {
          lost();
          return undefined;
        },
      );
  }

  /** Drops what this instance keeps of a user's sessions (a session or the user changed). */
  private forgetUser(userId: string): void {
    this.changes++;
    for (const [tokenHash, entry] of this.recent)
      if (entry.row.account.id === userId) this.recent.delete(tokenHash);
  }

  private forgetAll(): void {
    this.changes++;
    this.recent.clear();
  }

  /** Stops listening and forgets every session (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    this.heard = false;
    this.forgetAll();
    const stop = await this.hearing;
    this.hearing = null;
    await stop?.();
  }

  async destroy(sessionId: string): Promise<void> {
    const [gone] = await this.db
      .delete(sessions)
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId });
    // This instance forgets at once; the others hear it from the trigger.
    if (gone) this.forgetUser(gone.userId);
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
    this.forgetUser(userId);
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
    // Inside a transaction the trigger's notification, sent on commit, forgets them again.
    this.forgetUser(userId);
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
    await endOpenTokens(userId, ['reset_password', 'login_challenge'], tx);
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

  /**
   * A device cookie's value (OWASP's device-cookie pattern): the account it was signed in to, a
   * random id of this browser's cookie, and their HMAC, so nobody can make one for an account.
   */
  deviceCookie(userId: string): string {
    const payload = `${userId}.${randomBytes(18).toString('base64url')}`;
    return `${payload}.${this.sign(payload, 'device')}`;
  }

  /** The account and cookie id a device cookie names; null when it is not one we signed. */
  deviceOf(value: string | undefined): { userId: string; deviceId: string } | null {
    const [userId, deviceId, mac, ...rest] = (value ?? '').split('.');
    if (!userId || !deviceId || !mac || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(`${userId}.${deviceId}`, 'device'));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { userId, deviceId };
  }

  private sign(value: string, purpose: 'csrf' | 'device' = 'csrf'): string {
    return createHmac('sha256', this.appSecret).update(`${purpose}:${value}`).digest('base64url');
  }
}
