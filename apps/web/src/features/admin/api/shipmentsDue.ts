import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MarkShippedBody } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { fulfilmentKeys } from './fulfilment';

export const shipmentKeys = {
  due: () => ['admin', 'shipments-due'] as const,
};

/** Shipments not yet sent, earliest ship-by first. */
export function useShipmentsDue() {
  return useQuery({
    queryKey: shipmentKeys.due(),
    queryFn: async ({ signal }) =>
      (await callApi(grailEndpoints.adminShipments, { signal })).shipments,
    // The 48-hour clocks move: a minute's staleness is fine, an hour's is not.
    refetchInterval: 60_000,
  });
}

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarkShippedBody }) =>
      callApi(grailEndpoints.adminShip, { params: { id }, body }),
    // The fulfilment queue's on-time share counts the box too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.due() }),
        queryClient.invalidateQueries({ queryKey: fulfilmentKeys.queue }),
      ]),
  });
}
