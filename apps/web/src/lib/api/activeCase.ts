import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ActiveCaseResponse } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';
import { ApiError } from './client';
import { retryServerErrorsOnce } from './retry';

/**
 * Keys of the public case data. Every one starts with `caseKeys.all`, so a staff change to a case
 * refreshes all of it (the active case, recent pulls, case pages) with one invalidation.
 */
export const caseKeys = {
  all: ['grail-cases'] as const,
  active: () => [...caseKeys.all, 'active'] as const,
};

/** The live or scheduled case; null when there is none (a 404 means "no case", not a failure). */
export async function getActiveCase(signal?: AbortSignal): Promise<ActiveCaseResponse | null> {
  try {
    return await callApi(grailEndpoints.activeCase, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Shared by the home page's first-screen prefetch, its status block and the Grail Machine page. */
export const activeCaseQueryOptions = () =>
  queryOptions({
    queryKey: caseKeys.active(),
    queryFn: ({ signal }) => getActiveCase(signal),
    retry: retryServerErrorsOnce,
  });

export function useActiveCase() {
  return useQuery(activeCaseQueryOptions());
}
