import { useMutation, useQueryClient } from '@tanstack/react-query';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from '@/lib/api/activeCase';
import { callApi } from '@/lib/api/callApi';
import { pullKeys } from '@/lib/api/pulls';
import { walletKeys } from '@/lib/api/wallet';

/**
 * POST a pack purchase; the caller keeps one Idempotency-Key per confirmation. The new pull is
 * cached for the reveal page; the wallet, the collector's pull list and the case's remaining
 * count have changed, so they are refetched.
 */
export function useBuyPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, idempotencyKey }: { caseId: string; idempotencyKey: string }) =>
      callApi(grailEndpoints.buyPack, { params: { caseId }, body: {}, idempotencyKey }),
    onSuccess: ({ pull }) => {
      queryClient.setQueryData(pullKeys.detail(pull._id), { pull });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: caseKeys.active() });
      void queryClient.invalidateQueries({ queryKey: pullKeys.list() });
    },
  });
}
