import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FeatureFlag, type XPostInput } from '@grail/contract';
import { siteEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { publicConfigQuery } from '@/lib/config';

const siteKeys = {
  flags: () => ['admin', 'site', 'flags'] as const,
  feedPosts: () => ['admin', 'site', 'feed-posts'] as const,
};

export function useSiteFlags() {
  return useQuery({
    queryKey: siteKeys.flags(),
    queryFn: async ({ signal }) => (await callApi(siteEndpoints.adminSiteFlags, { signal })).flags,
  });
}

/** Sets a flag; the public settings are read again so this page's links and routes follow. */
export function useSetSiteFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, enabled }: { flag: FeatureFlag; enabled: boolean }) =>
      callApi(siteEndpoints.adminSetSiteFlag, { params: { flag }, body: { enabled } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(siteKeys.flags(), answer.flags);
      void queryClient.invalidateQueries({ queryKey: publicConfigQuery.queryKey });
    },
  });
}

export function useSiteFeedPosts() {
  return useQuery({
    queryKey: siteKeys.feedPosts(),
    queryFn: ({ signal }) => callApi(siteEndpoints.adminSiteFeedPosts, { signal }),
  });
}

/** Saves the whole list in its order; the home page's feed shows it from the next load. */
export function useSetSiteFeedPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (posts: XPostInput[]) =>
      callApi(siteEndpoints.adminSetSiteFeedPosts, { body: { posts } }),
    onSuccess: (answer) => queryClient.setQueryData(siteKeys.feedPosts(), answer),
  });
}
