import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { utcDayAfter, utcDayOf, utcDayStart } from '../../lib/report-periods.js';

/** What other modules read of accounts (the users module alone writes them). */

export type UserRow = typeof users.$inferSelect;

/** LIKE wildcards typed by staff are matched literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One account, or undefined. */
export async function userById(db: Db | Tx, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The accounts holding this address or this username, letter case ignored (at most two). */
export async function accountsByEmailOrUsername(
  db: Db | Tx,
  email: string,
  username: string,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    );
}

/**
 * The accounts that may sign in (not disabled), as a subquery: the session look-up joins it to
 * its session in one round trip on every signed-in request.
 */
export const activeAccounts = (db: Db | Tx) =>
  db.select().from(users).where(isNull(users.disabledAt)).as('account');

/** The e-mail address of each of these accounts that exists. */
export async function emailsOf(db: Db | Tx, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** SQL: the username of account `user` (SQL: a literal, a parameter or a column). */
export const usernameOf = (user: string) => `(select username from users where id = ${user})`;

/** The e-mail address and username of each of these accounts that exists. */
export async function namesOf(
  db: Db | Tx,
  userIds: string[],
): Promise<Map<string, { email: string; username: string }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { email: r.email, username: r.username }]));
}

/** The ids of accounts whose e-mail contains `text` (a subquery for the caller's WHERE). */
export const userIdsWithEmailLike = (db: Db | Tx, text: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.email, `%${likeEscape(text)}%`));

/** One page of accounts whose e-mail or username contains `q` (all when empty), newest first. */
export async function searchUsers(db: Db | Tx, q: string, offset: number, limit: number) {
  const pattern = `%${likeEscape(q)}%`;
  const where = q ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Admins who can sign in, other than `userId`. */
export async function otherActiveAdmins(db: Db | Tx, userId: string): Promise<number> {
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, userId)));
  return others?.n ?? 0;
}

/** Accounts created per UTC day in `from`..`to` (days with any only). */
export async function newUsersByDay(db: Db | Tx, from: string, to: string) {
  const day = utcDayOf(users.createdAt);
  const rows = await db
    .select({ day, created: count() })
    .from(users)
    .where(and(gte(users.createdAt, utcDayStart(from)), lt(users.createdAt, utcDayAfter(to))))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, created: Number(r.created) }));
}

/** How collectors are named on pulls others see: their username, unless they chose anonymity. */
export async function publicNamesOf(
  db: Db | Tx,
  userIds: string[],
): Promise<Map<string, { username: string; anonymous: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, anonymous: users.pullsAnonymous })
    .from(users)
    .where(userIds.length === 1 ? eq(users.id, userIds[0]!) : inArray(users.id, userIds));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/**
 * SQL for the one-round-trip pack purchase: the user `user` (SQL: a literal or parameter) as a
 * row of id and client seed, or no row when disabled.
 */
export const activeUserRow = (user: string) =>
  `(select id, client_seed from users where id = ${user} and disabled_at is null)`;

/** These accounts by id (for their names, e-mail and shipping address); unknown ids are absent. */
export async function usersByIds(db: Db | Tx, userIds: string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * Locks the account's row until `tx` ends: commands of one collector that must not interleave
 * (two cart replacements at once) take it first.
 */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The account (not disabled) with this username, letter case ignored. */
export async function activeUserByUsername(
  db: Db | Tx,
  username: string,
): Promise<{ id: string; username: string } | undefined> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.disabledAt)),
    );
  return user;
}
