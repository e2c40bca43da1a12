import { queryOptions, useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Shared by the hook and the fairness page's prefetch on a direct visit. */
export const casesQueryOptions = queryOptions({
  queryKey: grailMachineKeys.list(),
  queryFn: async ({ signal }) => (await callApi(grailEndpoints.cases, { signal })).cases,
});

/** Every case collectors have seen, newest first. */
export function useCases(enabled = true) {
  return useQuery({ ...casesQueryOptions, enabled });
}
