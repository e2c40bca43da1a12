import { useQuery } from '@tanstack/react-query';
import type { LimitsResponse, LimitWindowState } from '@grail/contract';
import { limitEndpoints } from './endpoints';
import { callApi } from './callApi';

/** Keys of the signed-in collector's limits; every one starts with `limitKeys.all`. */
export const limitKeys = {
  all: ['limits'] as const,
  mine: () => [...limitKeys.all, 'mine'] as const,
};

/** The collector's limits, time-out, self-exclusion, reality check and 30-day spend. */
export function useLimits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: limitKeys.mine(),
    queryFn: ({ signal }) => callApi(limitEndpoints.limits, { signal }),
    enabled,
  });
}

/** The window with the least left, when any has a limit. */
export function tightestWindow(windows: LimitWindowState[]): LimitWindowState | undefined {
  return windows.filter((w) => w.remaining !== null).sort((a, b) => a.remaining! - b.remaining!)[0];
}

/**
 * What stops a purchase of `amount` dollars before it is tried, as the server would rule:
 * a time-out or self-exclusion stops every purchase; a spending limit one that passes it.
 */
export function purchaseStop(limits: LimitsResponse | undefined, amount: number) {
  if (!limits) return null;
  if (limits.selfExclusion) return { kind: 'self_excluded' as const };
  if (limits.timeOutUntil) return { kind: 'time_out' as const, until: limits.timeOutUntil };
  const tightest = tightestWindow(limits.spending);
  if (tightest && amount > tightest.remaining!)
    return { kind: 'spending_limit' as const, window: tightest };
  return null;
}

/** Whether a top-up of `amount` dollars fits every deposit limit. */
export const depositAllowed = (limits: LimitsResponse | undefined, amount: number) => {
  const tightest = limits && tightestWindow(limits.deposit);
  return !tightest || amount <= tightest.remaining!;
};
