import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  grailPaths,
  type PullListResponse,
  type PullResponse,
  type SellBackResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

export const pullsKey = ['pulls', 'mine'] as const;

/** GET /api/pulls: the signed-in collector's pulls, newest first. */
export function usePulls() {
  return useQuery({
    queryKey: pullsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<PullListResponse>(grailPaths.pulls, { signal })).pulls,
  });
}

/** Claim & Ship or sell back one pull from the list; the list is refreshed after either. */
export function usePullListActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pullsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
  const claim = useMutation({
    mutationFn: (pullId: string) =>
      apiRequest<PullResponse>(grailPaths.claim(pullId), { method: 'POST', body: {} }),
    onSettled: refresh,
  });
  const sellBack = useMutation({
    mutationFn: (pullId: string) =>
      apiRequest<SellBackResponse>(grailPaths.sellBack(pullId), { method: 'POST', body: {} }),
    onSettled: refresh,
  });
  return { claim, sellBack };
}
