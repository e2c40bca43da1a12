import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipRequestBody, VaultQuery } from '@grail/contract';
import { vaultEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { walletKeys } from '@/lib/api/wallet';

/** Keys of the collector's vault: every one starts with `vaultKeys.all`. */
export const vaultKeys = {
  all: ['vault'] as const,
  list: (query: VaultQuery) => [...vaultKeys.all, 'list', query] as const,
  history: () => [...vaultKeys.all, 'history'] as const,
  shipments: () => [...vaultKeys.all, 'shipments'] as const,
};

/** One page of the collector's holdings with the whole vault's totals; the last page stays shown while the next loads. */
export function useVault(query: VaultQuery) {
  return useQuery({
    queryKey: vaultKeys.list(query),
    queryFn: ({ signal }) => callApi(vaultEndpoints.vault, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVaultHistory() {
  return useQuery({
    queryKey: vaultKeys.history(),
    queryFn: ({ signal }) => callApi(vaultEndpoints.vaultHistory, { signal }),
  });
}

export function useVaultShipments() {
  return useQuery({
    queryKey: vaultKeys.shipments(),
    queryFn: ({ signal }) => callApi(vaultEndpoints.vaultShipments, { signal }),
  });
}

/** After a box is requested or cancelled, the cards, the boxes and the wallet are read again. */
function useRefreshVault() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vaultKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    ]);
}

/** One box from the vault; the fee is debited at once. One key per confirmation. */
export function useRequestShipment() {
  const refresh = useRefreshVault();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ShipRequestBody; idempotencyKey: string }) =>
      callApi(vaultEndpoints.requestShipment, { body, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Cancels a box before packing: the cards return to the vault and the fee is refunded. */
export function useCancelShipment() {
  const refresh = useRefreshVault();
  return useMutation({
    mutationFn: (shipmentId: string) =>
      callApi(vaultEndpoints.cancelShipment, { params: { shipmentId } }),
    onSettled: refresh,
  });
}
