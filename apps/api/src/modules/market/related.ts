import type { Tx } from '../../db/client.js';
import { sharedSignInAddress } from '../auth/auth.reads.js';
import { sharedPayoutAccount } from '../withdrawals/withdrawals.reads.js';

/** How far back a shared sign-in address makes two accounts related. */
export const RELATED_SIGN_IN_DAYS = 30;

/**
 * Why two accounts count as related (a sale between them is kept out of the comps and flagged
 * for staff), or null: the same sign-in address in the last 30 days, or the same payout account.
 */
export async function relatedAccounts(tx: Tx, a: string, b: string): Promise<string | null> {
  const since = new Date(Date.now() - RELATED_SIGN_IN_DAYS * 86_400_000);
  if (await sharedSignInAddress(tx, a, b, since))
    return `Signed in from the same address in the last ${RELATED_SIGN_IN_DAYS} days`;
  if (await sharedPayoutAccount(tx, a, b)) return 'The same payout account';
  return null;
}
