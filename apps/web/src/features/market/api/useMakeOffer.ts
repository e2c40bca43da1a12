import { useMutation } from '@tanstack/react-query';
import type { NewOfferBody } from '@grail/contract';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { useRefreshMarket } from '@/lib/api/market';

/** An offer on a listing: its amount is held from the wallet until it is answered or expires. */
export function useMakeOffer() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({
      listingId,
      body,
      idempotencyKey,
    }: {
      listingId: string;
      body: NewOfferBody;
      idempotencyKey: string;
    }) => callApi(marketEndpoints.makeOffer, { params: { listingId }, body, idempotencyKey }),
    onSuccess: refresh,
  });
}
