import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { RECENT_PULLS_LIMIT, type RecentPull } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from './activeCase';
import { callApi } from './callApi';
import { retryServerErrorsOnce } from './retry';

export const recentPullsKeys = {
  all: [...caseKeys.all, 'recent-pulls'] as const,
  list: (limit: number = RECENT_PULLS_LIMIT) => [...recentPullsKeys.all, limit] as const,
};

/** The latest pulls of any case, newest first. */
export async function getRecentPulls(
  limit: number = RECENT_PULLS_LIMIT,
  signal?: AbortSignal,
): Promise<RecentPull[]> {
  return (await callApi(grailEndpoints.recentPulls, { query: { limit }, signal })).pulls;
}

/** Shared by the home page's first-screen prefetch, its status block and the Grail Machine page. */
export const recentPullsQueryOptions = (limit: number = RECENT_PULLS_LIMIT) =>
  queryOptions({
    queryKey: recentPullsKeys.list(limit),
    queryFn: ({ signal }) => getRecentPulls(limit, signal),
    retry: retryServerErrorsOnce,
  });

export function useRecentPulls(limit: number = RECENT_PULLS_LIMIT) {
  return useQuery(recentPullsQueryOptions(limit));
}

/**
 * Puts a pull that just happened (from the live stream) at the head of the cached list, once,
 * keeping the list at its length. A list not fetched yet stays unfetched: a one-pull list would
 * otherwise pass for the whole answer.
 */
export function addRecentPull(queryClient: QueryClient, pull: RecentPull): void {
  queryClient.setQueryData<RecentPull[]>(recentPullsKeys.list(), (old) =>
    old ? [pull, ...old.filter((p) => p._id !== pull._id)].slice(0, RECENT_PULLS_LIMIT) : old,
  );
}
