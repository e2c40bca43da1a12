import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackCount } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from '@/lib/api/activeCase';
import { callApi } from '@/lib/api/callApi';
import { pullKeys } from '@/lib/api/pulls';
import { walletKeys } from '@/lib/api/wallet';

/**
 * POST a purchase of several packs (3, 5 or 10), or of any count with an auto-sell threshold; the
 * caller keeps one Idempotency-Key per confirmation, count and threshold. Each new pull is cached for the reveal; the wallet, the pull list and the
 * case's remaining count have changed, so they are refetched.
 */
export function useBuyPacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      caseId,
      packs,
      autoSellBelow,
      idempotencyKey,
    }: {
      caseId: string;
      packs: PackCount;
      /** Sells back at once the pulls whose FMV is below this many dollars. */
      autoSellBelow?: number;
      idempotencyKey: string;
    }) =>
      callApi(grailEndpoints.buyPacks, {
        params: { caseId },
        body: autoSellBelow === undefined ? { packs } : { packs, autoSellBelow },
        idempotencyKey,
      }),
    onSuccess: ({ pulls }) => {
      for (const pull of pulls) queryClient.setQueryData(pullKeys.detail(pull._id), { pull });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: caseKeys.active() });
      void queryClient.invalidateQueries({ queryKey: pullKeys.list() });
    },
  });
}
