import { useQuery } from '@tanstack/react-query';
import { grailPaths, type FairnessResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

export function useFairness(caseId: string | undefined) {
  return useQuery({
    queryKey: grailKeys.fairness(caseId ?? ''),
    queryFn: ({ signal }) => apiRequest<FairnessResponse>(grailPaths.fairness(caseId!), { signal }),
    enabled: Boolean(caseId),
  });
}
