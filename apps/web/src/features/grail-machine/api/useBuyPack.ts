import { useMutation, useQueryClient } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { grailKeys } from './useActiveCase';

/** POST a pack purchase; the caller keeps one Idempotency-Key per confirmation. */
export function useBuyPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, idempotencyKey }: { caseId: string; idempotencyKey: string }) =>
      callApi(grailEndpoints.buyPack, { params: { caseId }, body: {}, idempotencyKey }),
    onSuccess: ({ pull }) => {
      queryClient.setQueryData(grailKeys.pull(pull._id), { pull });
      void queryClient.invalidateQueries({ queryKey: grailKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: grailKeys.active });
    },
  });
}
