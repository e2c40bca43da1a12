import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Every card of a case by tier, pulled or still in it, with each tier's odds. */
export function useCaseChecklist(caseId: string | undefined) {
  return useQuery({
    queryKey: grailMachineKeys.checklist(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.caseChecklist, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });
}
