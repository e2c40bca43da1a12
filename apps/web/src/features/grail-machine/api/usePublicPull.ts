import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

const publicPullKey = (id: string) => ['public-pulls', id] as const;

/** Any pull's public page data: the card, the pack, the proof and the collector's chosen name. */
export function usePublicPull(id: string) {
  return useQuery({
    queryKey: publicPullKey(id),
    queryFn: ({ signal }) => callApi(grailEndpoints.publicPull, { params: { id }, signal }),
    enabled: Boolean(id),
  });
}

/** The pull's case fairness record, fetched when the visitor asks to verify. */
export function usePullCaseFairness(caseId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: grailMachineKeys.fairness(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.fairness, { params: { caseId: caseId! }, signal }),
    enabled: enabled && Boolean(caseId),
  });
}
