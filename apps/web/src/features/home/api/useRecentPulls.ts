import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_PULLS_LIMIT, type RecentPullsResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { retryServerErrorsOnce } from './useActiveGrailCase';

export type { RecentPull } from '@grail/contract';

/** GET /api/grail-cases/recent-pulls?limit=10 → { pulls }. */
export const recentPullsQuery = queryOptions({
  queryKey: ['grail-cases', 'recent-pulls', RECENT_PULLS_LIMIT],
  queryFn: async ({ signal }) =>
    (
      await apiRequest<RecentPullsResponse>(
        `/api/grail-cases/recent-pulls?limit=${RECENT_PULLS_LIMIT}`,
        { signal },
      )
    ).pulls,
  retry: retryServerErrorsOnce,
});

export function useRecentPulls() {
  return useQuery(recentPullsQuery);
}
