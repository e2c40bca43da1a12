import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** The case with its remaining cards by tier and the top remaining grails. */
export function useCaseDetail(caseId: string | undefined) {
  return useQuery({
    queryKey: grailMachineKeys.detail(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.caseDetail, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });
}
