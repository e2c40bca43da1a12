import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type StoreItemsQuery, type StoreItemsResponse } from '@grail/contract';
import { catalogEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

/**
 * Keys of the catalogue's public data (the store grid, the home page's new arrivals and carousel,
 * each card). Every one starts with `productKeys.all`: an order, which sells cards, invalidates
 * that. The home page's keys are the ones its first-screen prefetch fills.
 */
export const productKeys = {
  all: ['products'] as const,
  storeItems: (search: string) => [...productKeys.all, 'store-items', search] as const,
  newArrivals: (limit: number) =>
    [...productKeys.all, 'store-items', 'new-arrivals', limit] as const,
  carouselCards: (limit: number, minFmv: number) =>
    [...productKeys.all, 'carousel-cards', limit, minFmv] as const,
  detail: (id: string) => [...productKeys.all, 'product', id] as const,
};

/** The store filters exactly as they appear in the page's query string (and the API's). */
export type StoreSearch = Record<string, string>;

/** One page of the cards for sale. */
export async function getStoreItems(
  query: StoreItemsQuery,
  signal?: AbortSignal,
): Promise<StoreItemsResponse> {
  return callApi(catalogEndpoints.storeItems, { query, signal });
}

/**
 * The store grid for the page's query string. The string goes to the API as it is: a hand-edited
 * address with a value the API does not know is answered by its validation, shown as an error.
 */
export const storeItemsQueryOptions = (search: StoreSearch) => {
  const key = new URLSearchParams(search).toString();
  return queryOptions({
    queryKey: productKeys.storeItems(key),
    queryFn: ({ signal }) => getStoreItems(search as StoreItemsQuery, signal),
  });
};

/** The store grid; a filter or page change keeps the previous cards until the next ones. */
export function useStoreItems(search: StoreSearch, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...storeItemsQueryOptions(search),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
