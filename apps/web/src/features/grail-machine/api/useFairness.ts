import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** A case's commitments, every pull's proof, and the server seed once revealed. */
export function useFairness(caseId: string | undefined) {
  return useQuery({
    queryKey: grailMachineKeys.fairness(caseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(grailEndpoints.fairness, { params: { caseId: caseId! }, signal }),
    enabled: Boolean(caseId),
  });
}
