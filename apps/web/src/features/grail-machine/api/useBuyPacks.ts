import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackCount } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from '@/lib/api/activeCase';
import { callApi } from '@/lib/api/callApi';
import { pullKeys } from '@/lib/api/pulls';
import { walletKeys } from '@/lib/api/wallet';

/**
 * POST a purchase of several packs (3, 5 or 10); the caller keeps one Idempotency-Key per
 * confirmation and count. Each new pull is cached for the reveal; the wallet, the pull list and the
 * case's remaining count have changed, so they are refetched.
 */
export function useBuyPacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      caseId,
      packs,
      idempotencyKey,
    }: {
      caseId: string;
      packs: PackCount;
      idempotencyKey: string;
    }) => callApi(grailEndpoints.buyPacks, { params: { caseId }, body: { packs }, idempotencyKey }),
    onSuccess: ({ pulls }) => {
      for (const pull of pulls) queryClient.setQueryData(pullKeys.detail(pull._id), { pull });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: caseKeys.active() });
      void queryClient.invalidateQueries({ queryKey: pullKeys.list() });
    },
  });
}
