import { queryOptions, useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Shared by the hook and the Grail Machine's prefetch on a direct visit. */
export const caseDetailQueryOptions = (caseId: string | undefined) =>
  queryOptions({
    queryKey: grailMachineKeys.detail(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.caseDetail, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });

/** The case with its remaining cards by tier and the top remaining grails. */
export function useCaseDetail(caseId: string | undefined) {
  return useQuery(caseDetailQueryOptions(caseId));
}
