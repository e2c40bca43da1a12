import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BuySpotsBody } from '@grail/contract';
import { breakEndpoints } from '@/lib/api/endpoints';
import { breakKeys } from '@/lib/api/breaks';
import { callApi } from '@/lib/api/callApi';
import { walletKeys } from '@/lib/api/wallet';

/**
 * Buys spots; the caller keeps one Idempotency-Key per confirmation, so a double click or a retry
 * is charged once. The wallet and every break view change, so both are refetched.
 */
export function useBuySpots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      breakId,
      body,
      idempotencyKey,
    }: {
      breakId: string;
      body: BuySpotsBody;
      idempotencyKey: string;
    }) => callApi(breakEndpoints.buySpots, { params: { id: breakId }, body, idempotencyKey }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: breakKeys.all });
    },
  });
}
