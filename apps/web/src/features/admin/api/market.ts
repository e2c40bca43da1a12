import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

const marketKeys = { overview: ['admin', 'market'] as const };

/** The marketplace as staff watch it: what is open, the fees, flagged sales, frozen collectors. */
export function useAdminMarket() {
  return useQuery({
    queryKey: marketKeys.overview,
    queryFn: ({ signal }) => callApi(marketEndpoints.adminMarket, { signal }),
  });
}

/** Freezes or unfreezes one listing: a frozen listing cannot be bought or offered on. */
export function useFreezeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, frozen }: { listingId: string; frozen: boolean }) =>
      callApi(marketEndpoints.adminFreezeListing, { params: { listingId }, body: { frozen } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.overview }),
  });
}

/** Restores (or freezes, with a reason) a collector's market access. */
export function useMarketAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      frozen,
      reason,
    }: {
      userId: string;
      frozen: boolean;
      reason?: string;
    }) =>
      callApi(marketEndpoints.adminMarketAccess, {
        params: { userId },
        body: { frozen, ...(reason ? { reason } : {}) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.overview }),
  });
}
