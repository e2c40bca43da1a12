import { useMutation } from '@tanstack/react-query';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { useRefreshMarket } from '@/lib/api/market';

/**
 * Buy now from the wallet, naming the price the buyer saw (a listing repriced since is refused
 * with the new price). The confirmation's Idempotency-Key makes a double click pay once.
 */
export function useBuyListing() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({
      listingId,
      price,
      idempotencyKey,
    }: {
      listingId: string;
      price: number;
      idempotencyKey: string;
    }) =>
      callApi(marketEndpoints.buyListing, {
        params: { listingId },
        body: { price },
        idempotencyKey,
      }),
    onSettled: refresh,
  });
}
