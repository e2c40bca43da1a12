import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  commercePaths,
  type TopUpBody,
  type TopUpResponse,
  type WalletResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** GET /api/wallet: balance and one page of the ledger. */
export function useWallet(page: number, limit = 10) {
  return useQuery({
    queryKey: ['wallet', page, limit],
    queryFn: ({ signal }) =>
      apiRequest<WalletResponse>(`${commercePaths.wallet}?page=${page}&limit=${limit}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/wallet/top-ups → the payment provider's checkout URL. */
export function useAddFunds() {
  return useMutation({
    mutationFn: (body: TopUpBody) =>
      apiRequest<TopUpResponse>(commercePaths.topUps, { method: 'POST', body }),
  });
}
