import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultQuery } from '@grail/contract';
import { vaultEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { shipmentKeys } from './shipmentsDue';

export const CUSTODY_PAGE_SIZE = 50;
export const USER_VAULT_PAGE_SIZE = 20;

const vaultKeys = {
  custody: (page: number) => ['admin', 'vault', 'custody', page] as const,
  user: (userId: string, state: string, page: number) =>
    ['admin', 'vault', 'user', userId, state, page] as const,
};

/** Cards we hold for collectors and their insured value, by state and one page of owners. */
export function useCustodyReport(page: number) {
  return useQuery({
    queryKey: vaultKeys.custody(page),
    queryFn: ({ signal }) =>
      callApi(vaultEndpoints.adminCustody, {
        query: { page, limit: CUSTODY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One page of a collector's vault, as they see it (each look is audited). */
export function useStaffUserVault(
  userId: string,
  state: NonNullable<VaultQuery['state']>,
  page: number,
) {
  return useQuery({
    queryKey: vaultKeys.user(userId, state, page),
    queryFn: ({ signal }) =>
      callApi(vaultEndpoints.adminUserVault, {
        params: { userId },
        query: { state, page, limit: USER_VAULT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Start packing a vault box: its collector can no longer cancel it. */
export function useStartPacking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) =>
      callApi(vaultEndpoints.adminStartPacking, { params: { shipmentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.due() }),
  });
}
