import type { WalletResponse } from '@grail/contract';

/** A wallet as GET /api/wallet answers it: all cash, all withdrawable, no movements. */
export const walletStatement = (balance: number, limit = 10): WalletResponse => ({
  balance,
  cash: balance,
  storeCredit: 0,
  withdrawable: balance,
  moreWithdrawableAt: null,
  entries: [],
  total: 0,
  page: 1,
  limit,
});
