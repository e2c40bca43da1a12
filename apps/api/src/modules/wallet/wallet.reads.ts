/*
 * The wallet's reads for other modules: SQL fragments for the one-round-trip purchase statements
 * (which cannot call a service between their parts), so that only this module names its tables.
 */

/** The balance in cents of the wallet of `user` (SQL: a literal or parameter), or null for none. */
export const walletBalance = (user: string) =>
  `(select balance_cents from wallets where user_id = ${user})`;
