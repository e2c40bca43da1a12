import { useState } from 'react';
import { TOP_UP_MIN } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { purchaseStop, useLimits } from '@/lib/api/limits';

/**
 * What a purchase confirmation needs to know before the collector pays `amount`: the balance,
 * how much is short and the top-up that covers it, whether a limit would refuse it, and the
 * Idempotency-Key of this confirmation.
 */
export function usePurchaseConfirmation({ open, amount }: { open: boolean; amount: number }) {
  const { isLoggedIn } = useAuth();
  const wallet = useWallet({ enabled: open && isLoggedIn });
  const limits = useLimits({ enabled: open && isLoggedIn });
  const topUp = useTopUp();
  // One key per confirmation: a double click or a retry after a lost answer is charged once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const balance = wallet.data?.balance;
  const short = balance === undefined ? 0 : Math.max(0, Math.round((amount - balance) * 100) / 100);
  return {
    isLoggedIn,
    wallet,
    balance,
    limits,
    topUp,
    short,
    topUpAmount: Math.max(TOP_UP_MIN, short),
    // A limit that would refuse the purchase is said at once, and no top-up is offered for it.
    stopped: Boolean(purchaseStop(limits.data, amount)),
    idempotencyKey,
    /** A new confirmation (the dialog closed, or the purchase went through) gets a new key. */
    renewKey: () => setIdempotencyKey(crypto.randomUUID()),
  };
}
