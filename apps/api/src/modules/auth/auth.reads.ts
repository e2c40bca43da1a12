import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** What other modules read of sign-in state (the auth module alone writes it). */

/** A collector's sessions that have not expired, most recently seen first. */
export async function activeSessionsOf(db: Db | Tx, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
}
/**
 * SQL for the one-round-trip pack purchase: true while session `session` of user `user` (SQL:
 * literals or parameters) is live. The session in memory may have ended on another instance.
 */
export const liveSession = (session: string, user: string) =>
  `exists (select 1 from sessions where id = ${session} and user_id = ${user} and expires_at > now())`;
