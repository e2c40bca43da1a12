import type { Tx } from '../../db/client.js';
import { runStatement } from '../../db/batch.js';
import { prepared } from '../../db/statements.js';
import { sharedSignInAddress, SIGN_IN_MEMORY_DAYS } from '../auth/auth.reads.js';
import { sharedPayoutAccount } from '../withdrawals/withdrawals.reads.js';

/**
 * SQL: why two accounts (SQL: literals or parameters) count as related, or null. A sale between
 * them is kept out of the comps and flagged for staff: the same sign-in address in the last 30
 * days, or the same payout account.
 */
export const relatedReason = (a: string, b: string) =>
  `case when ${sharedSignInAddress(a, b)}
      then 'Signed in from the same address in the last ${SIGN_IN_MEMORY_DAYS} days'
    when ${sharedPayoutAccount(a, b)} then 'The same payout account' end`;

const related = prepared(
  'market_related_accounts',
  `select ${relatedReason('$1::uuid', '$2::uuid')} as reason`,
);

/** Why two accounts count as related (see relatedReason), read in `tx`. */
export async function relatedAccounts(tx: Tx, a: string, b: string): Promise<string | null> {
  const [row] = await runStatement(tx, { prepared: related, values: [a, b] });
  return (row?.reason as string | null) ?? null;
}
