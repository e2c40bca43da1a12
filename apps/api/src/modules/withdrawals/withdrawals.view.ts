import { centsToDollars, type Withdrawal } from '@grail/contract';
import type { withdrawals } from '../../db/schema/index.js';
import { payByOf } from './withdrawals.rules.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A withdrawal as its collector and staff see it: the payout method masked, dollars. */
export function toWithdrawal(w: WithdrawalRow): Withdrawal {
  return {
    _id: w.id,
    amount: centsToDollars(w.amountCents),
    status: w.status,
    payoutMethod: { method: w.method, masked: w.mask },
    reference: w.reference,
    rejectReason: w.rejectReason,
    createdAt: w.createdAt.toISOString(),
    payBy: payByOf(w.createdAt).toISOString(),
    decidedAt: w.decidedAt?.toISOString() ?? null,
  };
}
