import { useQuery } from '@tanstack/react-query';
import { breakEndpoints } from '@/lib/api/endpoints';
import { breakKeys } from '@/lib/api/breaks';
import { callApi } from '@/lib/api/callApi';

/** One break with its spots, holders, hits and fairness commitments. */
export function useBreak(id: string | undefined) {
  return useQuery({
    queryKey: breakKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(breakEndpoints.break, { params: { id: id! }, signal })).break,
    enabled: Boolean(id),
  });
}

/** The team list, purchases in order and, once drawn, the seed and the assignments. */
export function useBreakFairness(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: breakKeys.fairness(id ?? ''),
    queryFn: ({ signal }) => callApi(breakEndpoints.breakFairness, { params: { id: id! }, signal }),
    enabled: Boolean(id) && enabled,
  });
}
