import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FulfilmentKind, type MarkShippedBody } from '@grail/contract';
import { fulfilmentEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

export const fulfilmentKeys = { queue: ['admin', 'fulfilment'] as const };

/** Everything owed to collectors, earliest deadline first, with the 30-day on-time share. */
export function useFulfilmentQueue() {
  return useQuery({
    queryKey: fulfilmentKeys.queue,
    queryFn: ({ signal }) => callApi(fulfilmentEndpoints.adminFulfilmentQueue, { signal }),
    // The 48-hour clocks move: a minute's staleness is fine, an hour's is not.
    refetchInterval: 60_000,
  });
}

export function useShipItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, body }: { kind: FulfilmentKind; id: string; body: MarkShippedBody }) =>
      callApi(fulfilmentEndpoints.adminFulfilmentShip, { params: { kind, id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fulfilmentKeys.queue }),
  });
}
