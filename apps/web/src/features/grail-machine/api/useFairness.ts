import { queryOptions, useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Shared by the hook and the fairness page's prefetch on a direct visit. */
export const fairnessQueryOptions = (caseId: string | undefined) =>
  queryOptions({
    queryKey: grailMachineKeys.fairness(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.fairness, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });

/** A case's commitments, every pull's proof, and the server seed once revealed. */
export function useFairness(caseId: string | undefined) {
  return useQuery(fairnessQueryOptions(caseId));
}
