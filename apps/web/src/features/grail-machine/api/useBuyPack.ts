import { useMutation, useQueryClient } from '@tanstack/react-query';
import { grailPaths, type PullResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { grailKeys } from './useActiveCase';

/** POST a pack purchase; the caller keeps one Idempotency-Key per confirmation. */
export function useBuyPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, idempotencyKey }: { caseId: string; idempotencyKey: string }) =>
      apiRequest<PullResponse>(grailPaths.packs(caseId), {
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: ({ pull }) => {
      queryClient.setQueryData(grailKeys.pull(pull._id), { pull });
      void queryClient.invalidateQueries({ queryKey: grailKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: grailKeys.active });
    },
  });
}
