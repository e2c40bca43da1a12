/** What other modules read of withdrawals (the withdrawals module alone writes them). */

/**
 * SQL: true when the two accounts (SQL: literals or parameters) saved the same bank account or
 * PayPal address to be paid to.
 */
export const sharedPayoutAccount = (a: string, b: string) =>
  `exists (select 1 from payout_methods
      where user_id in (${a}, ${b}) and fingerprint is not null
      group by fingerprint having count(distinct user_id) > 1)`;
