import { useQuery } from '@tanstack/react-query';
import { grailPaths, type CaseDetailResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

/** The case with its remaining cards by tier and the top remaining grails. */
export function useCaseDetail(caseId: string | undefined) {
  return useQuery({
    queryKey: grailKeys.detail(caseId ?? ''),
    queryFn: ({ signal }) => apiRequest<CaseDetailResponse>(grailPaths.case(caseId!), { signal }),
    enabled: Boolean(caseId),
  });
}
