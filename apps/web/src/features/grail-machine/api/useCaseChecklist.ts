import { queryOptions, useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Shared by the hook and the Grail Machine's prefetch on a direct visit. */
export const caseChecklistQueryOptions = (caseId: string | undefined) =>
  queryOptions({
    queryKey: grailMachineKeys.checklist(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.caseChecklist, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });

/** Every card of a case by tier, pulled or still in it, with each tier's odds. */
export function useCaseChecklist(caseId: string | undefined) {
  return useQuery(caseChecklistQueryOptions(caseId));
}
