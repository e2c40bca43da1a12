import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteEndpoints, type FeatureFlag } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { publicConfigQuery } from '@/lib/config';

const siteKeys = { flags: () => ['admin', 'site', 'flags'] as const };

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
