import { useMutation, useQuery } from '@tanstack/react-query';
import {
  commercePaths,
  type TopUpBody,
  type TopUpResponse,
  type WalletResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { paths } from '@/lib/paths';
import { grailKeys } from './useActiveCase';

/** The signed-in collector's wallet balance (dollars). */
export function useWalletBalance(enabled: boolean) {
  return useQuery({
    queryKey: grailKeys.wallet,
    queryFn: async ({ signal }) =>
      (await apiRequest<WalletResponse>(`${commercePaths.wallet}?limit=1`, { signal })).balance,
    enabled,
  });
}

/** Starts a top-up with the payment provider; its checkout brings the collector back here. */
export function useTopUp() {
  return useMutation({
    mutationFn: (amount: number) =>
      apiRequest<TopUpResponse>(commercePaths.topUps, {
        method: 'POST',
        body: { amount, returnPath: paths.grailMachine.getHref() } satisfies TopUpBody,
      }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
