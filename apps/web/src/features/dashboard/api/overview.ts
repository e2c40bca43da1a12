import { useQuery } from '@tanstack/react-query';
import { vaultEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** The vault's totals (value, cost, gain) for the Overview: the first page carries them. */
export function useVaultTotals() {
  return useQuery({
    queryKey: ['vault', 'totals'] as const,
    queryFn: async ({ signal }) =>
      (await callApi(vaultEndpoints.vault, { query: { page: 1 }, signal })).totals,
  });
}
