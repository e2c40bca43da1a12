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

/** How long a sign-in's address is kept: the marketplace's related-account rule looks this far back. */
export const SIGN_IN_MEMORY_DAYS = 30;

/** Addresses that say nothing about who signed in: this machine itself. */
const ANONYMOUS_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * SQL: true when the two accounts (SQL: literals or parameters) signed in from one address in the
 * last SIGN_IN_MEMORY_DAYS (the marketplace's test of related accounts). Loopback addresses are
 * not compared: they are the server's own machine.
 */
export const sharedSignInAddress = (a: string, b: string) =>
  `exists (select 1 from sign_ins
      where user_id in (${a}, ${b}) and created_at > now() - interval '${SIGN_IN_MEMORY_DAYS} days'
        and ip not in (${ANONYMOUS_ADDRESSES.map((ip) => `'${ip}'`).join(', ')})
      group by ip having count(distinct user_id) > 1)`;
