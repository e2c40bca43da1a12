import { useQuery } from '@tanstack/react-query';
import { grailPaths, RECENT_PULLS_LIMIT, type RecentPullsResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

export function useRecentPulls() {
  return useQuery({
    queryKey: grailKeys.recent,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<RecentPullsResponse>(grailPaths.recentPulls(RECENT_PULLS_LIMIT), {
          signal,
        })
      ).pulls,
  });
}
