import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveCaseResponse } from '@grail/contract';
import { apiRequest, ApiError } from '@/lib/api/client';

/** GET /api/grail-cases/active (SPEC §3 "Grail case active status"). */
export type ActiveGrailCase = Pick<ActiveCaseResponse, 'caseId' | 'packPrice' | 'activationTime'>;

/**
 * The live case, or null when there is none: a 404 means "inactive", not a failure (SPEC §4).
 * Any other error is left to the query's error state.
 */
export const activeGrailCaseQuery = queryOptions({
  queryKey: ['grail-cases', 'active'],
  queryFn: async ({ signal }) => {
    try {
      return await apiRequest<ActiveCaseResponse>('/api/grail-cases/active', { signal });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  },
  retry: retryServerErrorsOnce,
});

export function useActiveGrailCase() {
  return useQuery(activeGrailCaseQuery);
}

/** One quick retry for a server hiccup; a client error will not change on retry. */
export function retryServerErrorsOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500 && error.status !== 408) return false;
  return failureCount < 1;
}
