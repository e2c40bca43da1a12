import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PullPreferences } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { pullKeys } from '@/lib/api/pulls';

/** The client seed for provably fair pulls and whether recent pulls show the username. */
export function usePullPreferences() {
  return useQuery({
    queryKey: pullKeys.preferences(),
    queryFn: ({ signal }) => callApi(grailEndpoints.pullPreferences, { signal }),
  });
}

export function useSavePullPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: PullPreferences) =>
      callApi(grailEndpoints.setPullPreferences, { body: prefs }),
    onSuccess: (data) => queryClient.setQueryData(pullKeys.preferences(), data),
  });
}
