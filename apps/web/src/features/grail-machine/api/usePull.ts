import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { grailPaths, type PullResponse, type SellBackResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

export function usePull(pullId: string | null) {
  return useQuery({
    queryKey: grailKeys.pull(pullId ?? ''),
    queryFn: ({ signal }) => apiRequest<PullResponse>(grailPaths.pull(pullId!), { signal }),
    enabled: Boolean(pullId),
  });
}

/** Claim & Ship (to the profile's address) or sell back; both update the cached pull. */
export function usePullActions(pullId: string) {
  const queryClient = useQueryClient();
  const store = (data: PullResponse) => queryClient.setQueryData(grailKeys.pull(pullId), data);
  const claim = useMutation({
    mutationFn: () =>
      apiRequest<PullResponse>(grailPaths.claim(pullId), { method: 'POST', body: {} }),
    onSuccess: store,
  });
  const sellBack = useMutation({
    mutationFn: () =>
      apiRequest<SellBackResponse>(grailPaths.sellBack(pullId), { method: 'POST', body: {} }),
    onSuccess: (data) => {
      store({ pull: data.pull });
      void queryClient.invalidateQueries({ queryKey: grailKeys.wallet });
    },
  });
  return { claim, sellBack };
}
