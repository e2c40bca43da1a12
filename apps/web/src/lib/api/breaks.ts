import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BreaksQuery, type MyBreak } from '@grail/contract';
import { breakEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';
import { walletKeys } from './wallet';

/**
 * Keys of break data. Everything starts with `breakKeys.all`, so one invalidation refreshes every
 * list, page and the collector's own breaks after anything changes a break.
 */
export const breakKeys = {
  all: ['breaks'] as const,
  list: (filters: BreaksQuery = {}) => [...breakKeys.all, 'list', filters] as const,
  detail: (id: string) => [...breakKeys.all, 'detail', id] as const,
  fairness: (id: string) => [...breakKeys.all, 'fairness', id] as const,
  mine: () => [...breakKeys.all, 'mine'] as const,
};

/** The signed-in collector's breaks: spots, hits and the combined shipment of each. */
export async function getMyBreaks(signal?: AbortSignal): Promise<MyBreak[]> {
  return (await callApi(breakEndpoints.myBreaks, { signal })).breaks;
}

export const myBreaksQueryOptions = () =>
  queryOptions({ queryKey: breakKeys.mine(), queryFn: ({ signal }) => getMyBreaks(signal) });

export function useMyBreaks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myBreaksQueryOptions(), enabled });
}

/**
 * Claim every held hit of a finished break (one box from the vault, to the profile's address,
 * for the shipping fee), or sell one hit back for its buyback price. Both refresh the
 * collector's breaks and the wallet they debit or credit.
 */
export function useBreakHitActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: breakKeys.mine() });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };
  const claim = useMutation({
    mutationFn: (breakId: string) =>
      callApi(breakEndpoints.claimHits, { params: { id: breakId }, body: {} }),
    onSettled: refresh,
  });
  const sellBack = useMutation({
    mutationFn: (hitId: string) => callApi(breakEndpoints.sellBackHit, { params: { id: hitId } }),
    onSettled: refresh,
  });
  return { claim, sellBack };
}
