import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewPayoutMethodBody, WithdrawBody } from '@grail/contract';
import { withdrawalEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { walletKeys } from '@/lib/api/wallet';

const withdrawalKeys = {
  mine: () => ['withdrawals', 'mine'] as const,
};

/** The collector's withdrawals (newest first) and saved payout methods. */
export function useWithdrawals() {
  return useQuery({
    queryKey: withdrawalKeys.mine(),
    queryFn: ({ signal }) => callApi(withdrawalEndpoints.withdrawals, { signal }),
  });
}

export function useAddPayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPayoutMethodBody) =>
      callApi(withdrawalEndpoints.addPayoutMethod, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.mine() }),
  });
}

/** A withdrawal: the amount leaves the wallet at once, so the wallet is read again. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: WithdrawBody; idempotencyKey: string }) =>
      callApi(withdrawalEndpoints.withdraw, { body, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}
