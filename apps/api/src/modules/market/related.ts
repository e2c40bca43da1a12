import type { Tx } from '../../db/client.js';
import { sharedSignInAddress, SIGN_IN_MEMORY_DAYS } from '../auth/auth.reads.js';
import { sharedPayoutAccount } from '../withdrawals/withdrawals.reads.js';

/**
 * Why two accounts count as related (a sale between them is kept out of the comps and flagged
 * for staff), or null: the same sign-in address in the last 30 days, or the same payout account.
 */
export async function relatedAccounts(tx: Tx, a: string, b: string): Promise<string | null> {
  if (await sharedSignInAddress(tx, a, b))
    return `Signed in from the same address in the last ${SIGN_IN_MEMORY_DAYS} days`;
  if (await sharedPayoutAccount(tx, a, b)) return 'The same payout account';
  return null;
}
