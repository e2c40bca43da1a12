import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type LimitsResponse,
  type RealityCheckMinutes,
  type SelfExclusionPeriod,
  type SetLimitsBody,
  type TimeOutPeriod,
} from '@grail/contract';
import { limitEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { limitKeys } from '@/lib/api/limits';

/** Every change answers the whole new state, which replaces the cached one. */
function useLimitsCommand<T>(run: (input: T) => Promise<LimitsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (state) => queryClient.setQueryData(limitKeys.mine(), state),
  });
}

export const useSetLimits = (kind: 'spending' | 'deposit') =>
  useLimitsCommand((body: SetLimitsBody) =>
    callApi(
      kind === 'spending' ? limitEndpoints.setSpendingLimits : limitEndpoints.setDepositLimits,
      { body },
    ),
  );

export const useStartTimeOut = () =>
  useLimitsCommand((period: TimeOutPeriod) =>
    callApi(limitEndpoints.startTimeOut, { body: { period } }),
  );

export const useSelfExclude = () =>
  useLimitsCommand((period: SelfExclusionPeriod) =>
    callApi(limitEndpoints.selfExclude, { body: { period } }),
  );

export const useEndSelfExclusion = () =>
  useLimitsCommand(() => callApi(limitEndpoints.endSelfExclusion, {}));

export const useSetRealityCheck = () =>
  useLimitsCommand((minutes: RealityCheckMinutes | null) =>
    callApi(limitEndpoints.setRealityCheck, { body: { minutes } }),
  );

/** Packs and spots bought minus sell-backs since `since` (the reality check's session). */
export const getPlaySession = (since: string) =>
  callApi(limitEndpoints.playSession, { query: { since } });
