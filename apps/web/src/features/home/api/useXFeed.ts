import { useQuery } from '@tanstack/react-query';
import { TwitterFeedResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { retryServerErrorsOnce } from './useActiveGrailCase';

/** GET /api/twitter/feed → { tweets }, checked against the contract before anything renders it. */
export function useXFeed(enabled = true) {
  return useQuery({
    queryKey: ['twitter', 'feed'],
    queryFn: async ({ signal }) =>
      TwitterFeedResponse.parse(await apiRequest<unknown>('/api/twitter/feed', { signal })).tweets,
    enabled,
    retry: retryServerErrorsOnce,
    staleTime: 60_000,
  });
}
