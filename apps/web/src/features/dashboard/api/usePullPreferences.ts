import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { grailPaths, type PullPreferences } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

const key = ['pulls', 'preferences'] as const;

/** The client seed for provably fair pulls and whether recent pulls show the username. */
export function usePullPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<PullPreferences>(grailPaths.pullPreferences, { signal }),
  });
}

export function useSavePullPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: PullPreferences) =>
      apiRequest<PullPreferences>(grailPaths.pullPreferences, { method: 'PUT', body: prefs }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
