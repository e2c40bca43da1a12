import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { grailPaths, type DueShipmentsResponse, type MarkShippedBody } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

const key = ['admin', 'shipments-due'] as const;

/** Shipments not yet sent, earliest ship-by first. */
export function useShipmentsDue() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await apiRequest<DueShipmentsResponse>(grailPaths.adminShipmentsDue, { signal })).shipments,
  });
}

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarkShippedBody }) =>
      apiRequest(grailPaths.adminShip(id), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
