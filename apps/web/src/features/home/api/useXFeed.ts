import { useQuery } from '@tanstack/react-query';
import { TwitterFeedResponse } from '@grail/contract';
import { feedEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { retryServerErrorsOnce } from '@/lib/api/retry';

/**
 * The shop's latest X posts. Parsed against the contract here, in production too, before anything
 * renders them: the posts come from X, and parsing fills the entity lists a post may leave out.
 */
export function useXFeed(enabled = true) {
  return useQuery({
    queryKey: ['twitter', 'feed'],
    queryFn: async ({ signal }) =>
      TwitterFeedResponse.parse(await callApi(feedEndpoints.feed, { signal })).tweets,
    enabled,
    retry: retryServerErrorsOnce,
    staleTime: 60_000,
  });
}
