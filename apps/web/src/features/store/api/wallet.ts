import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commercePaths,
  type TopUpBody,
  type TopUpResponse,
  type WalletResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

export const walletQueryKey = ['wallet'] as const;

/** GET /api/wallet: the balance (first page of history is enough for checkout). */
export function useWalletBalance(enabled = true) {
  return useQuery({
    queryKey: [...walletQueryKey, 1],
    queryFn: ({ signal }) =>
      apiRequest<WalletResponse>(`${commercePaths.wallet}?page=1&limit=20`, { signal }),
    enabled,
  });
}

/** POST /api/wallet/top-ups → { checkoutUrl } of the payment provider. */
export function useStartTopUp() {
  return useMutation({
    mutationFn: (body: TopUpBody) =>
      apiRequest<TopUpResponse>(commercePaths.topUps, { method: 'POST', body }),
  });
}

export function useInvalidateWallet() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: walletQueryKey });
}
