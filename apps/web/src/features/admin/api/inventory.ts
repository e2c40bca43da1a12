import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointUrl,
  type EndpointQueryInput,
  type InventoryQuery,
  type UpdateInventoryCardBody,
} from '@grail/contract';
import { inventoryEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** The inventory filters as the page holds them (text from the address bar). */
export type InventoryFilters = Partial<Record<keyof InventoryQuery, string>>;

const inventoryKeys = {
  all: ['admin', 'inventory'] as const,
  list: (filters: InventoryFilters) => [...inventoryKeys.all, 'list', filters] as const,
};

/** One page of the inventory; the previous page stays on screen while the next loads. */
export function useInventory(filters: InventoryFilters) {
  return useQuery({
    queryKey: inventoryKeys.list(filters),
    queryFn: ({ signal }) =>
      callApi(inventoryEndpoints.adminInventory, {
        // The server checks every filter and names a bad one.
        query: filters as EndpointQueryInput<typeof inventoryEndpoints.adminInventory>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of the filtered inventory (the session cookie authorises it). */
export const inventoryExportUrl = (filters: InventoryFilters) => {
  const { page: _page, pageSize: _size, ...rest } = filters;
  return endpointUrl(inventoryEndpoints.adminExportInventory, undefined, rest);
};

export function useUpdateInventoryCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, body }: { cardId: string; body: UpdateInventoryCardBody }) =>
      callApi(inventoryEndpoints.adminUpdateInventoryCard, { params: { cardId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** How often the console asks for a running import's progress. */
const IMPORT_POLL_MS = 1_000;

/** A background import's progress, asked for every second until it is done. */
export function useInventoryImportJob(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...inventoryKeys.all, 'import', importId] as const,
    enabled: importId !== null,
    queryFn: async ({ signal }) => {
      const { job } = await callApi(inventoryEndpoints.adminInventoryImportJob, {
        params: { importId: importId! },
        signal,
      });
      // Its cards show in the list behind the dialog once it is done.
      if (job.status === 'done')
        void queryClient.invalidateQueries({ queryKey: [...inventoryKeys.all, 'list'] });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : IMPORT_POLL_MS),
  });
}

export function useImportInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    // With image files the CSV travels as multipart; without, as JSON.
    mutationFn: ({ csv, dryRun, images }: { csv: string; dryRun: boolean; images: File[] }) => {
      if (images.length === 0)
        return callApi(inventoryEndpoints.adminImportInventory, { body: { csv, dryRun } });
      const form = new FormData();
      form.append('csv', new Blob([csv], { type: 'text/csv' }), 'inventory.csv');
      form.append('dryRun', String(dryRun));
      for (const image of images) form.append('images', image, image.name);
      return callApi(inventoryEndpoints.adminImportInventoryFiles, { body: form });
    },
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}
