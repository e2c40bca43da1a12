import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** Every case collectors have seen, newest first. */
export function useCases(enabled = true) {
  return useQuery({
    queryKey: grailMachineKeys.list(),
    queryFn: async ({ signal }) => (await callApi(grailEndpoints.cases, { signal })).cases,
    enabled,
  });
}
