import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { walletLedger } from '../../db/schema/index.js';

/*
 * The wallet's reads for other modules, so that only this module names its tables: SQL fragments
 * for statements that cannot call a service between their parts, and read functions.
 */

/** The balance in cents of the wallet of `user` (SQL: a literal or parameter), or null for none. */
export const walletBalance = (user: string) =>
  `(select balance_cents from wallets where user_id = ${user})`;

/**
 * For the staff's figures: the ledger's entries made from `start` until before `end` (SQL
 * timestamptz), as a relation of (day: their UTC date, user_id, kind, ref_type, amount_cents).
 */
export const ledgerEntriesBetween = (start: SQL, end: SQL) =>
  sql`(select (created_at at time zone 'UTC')::date as day, user_id, kind, ref_type, amount_cents
      from wallet_ledger where created_at >= ${start} and created_at < ${end})`;

/** A collector's latest ledger entries, newest first (the staff's user page). */
export function latestEntries(db: Db | Tx, userId: string, limit: number) {
  return db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(desc(walletLedger.id))
    .limit(limit);
}
