import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoSellRule } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { pullKeys } from '@/lib/api/pulls';

const autoSellKey = () => [...pullKeys.all, 'auto-sell'] as const;

/** The signed-in collector's auto-sell rule: the threshold the buy dialog shows, or null. */
export function useAutoSellRule({ enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: autoSellKey(),
    queryFn: ({ signal }) => callApi(grailEndpoints.autoSellRule, { signal }),
  });
}

/** Saves a new threshold, or turns the rule off with null. */
export function useSaveAutoSellRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: AutoSellRule) => callApi(grailEndpoints.setAutoSellRule, { body: rule }),
    onSuccess: (rule) => queryClient.setQueryData(autoSellKey(), rule),
  });
}
