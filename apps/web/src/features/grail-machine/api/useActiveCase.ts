import { useQuery } from '@tanstack/react-query';
import { grailEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { ApiError } from '@/lib/api/client';

export const grailKeys = {
  active: ['grail-cases', 'active'] as const,
  detail: (id: string) => ['grail-cases', 'detail', id] as const,
  recent: ['grail-cases', 'recent-pulls'] as const,
  list: ['grail-cases', 'list'] as const,
  fairness: (id: string) => ['grail-cases', 'fairness', id] as const,
  pull: (id: string) => ['pulls', id] as const,
  wallet: ['wallet'] as const,
};

/** The live or scheduled case; null when there is none (a 404 is "no case", not an error). */
export function useActiveCase() {
  return useQuery({
    queryKey: grailKeys.active,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(grailEndpoints.activeCase, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}
