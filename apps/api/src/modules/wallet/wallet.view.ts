import { centsToDollars, type WalletResponse } from '@grail/contract';
import type { walletLedger } from '../../db/schema/index.js';

/** One ledger entry as the collector's wallet and the staff's user page show it (dollars). */
export function toLedgerEntry(
  e: typeof walletLedger.$inferSelect,
): WalletResponse['entries'][number] {
  return {
    _id: String(e.id),
    amount: centsToDollars(e.amountCents),
    balanceAfter: centsToDollars(e.balanceAfterCents),
    kind: e.kind,
    refType: e.refType,
    refId: e.refId,
    description: e.description,
    createdAt: e.createdAt.toISOString(),
  };
}
