import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogPaths, type StoreItemsResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** The store filters exactly as they appear in the page's query string (and the API's). */
export type StoreSearch = Record<string, string>;

/** GET /api/products/store-items with the page's query string. */
export function useStoreItems(search: StoreSearch) {
  const query = new URLSearchParams(search).toString();
  return useQuery({
    queryKey: ['products', 'store-items', query],
    queryFn: ({ signal }) =>
      apiRequest<StoreItemsResponse>(`${catalogPaths.storeItems}${query ? `?${query}` : ''}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
