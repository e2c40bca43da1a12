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
