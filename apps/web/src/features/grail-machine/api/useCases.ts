import { useQuery } from '@tanstack/react-query';
import { grailPaths, type CaseSummary } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

/** Every case collectors have seen, newest first. */
export function useCases(enabled = true) {
  return useQuery({
    queryKey: grailKeys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ cases: CaseSummary[] }>(grailPaths.cases, { signal })).cases,
    enabled,
  });
}
