import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { catalogEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { ApiError } from '@/lib/api/client';
import { productKeys } from '@/lib/api/products';

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => callApi(catalogEndpoints.product, { params: { id }, signal }),
    // An unknown card stays unknown: no retries for a 4xx.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** One card of the catalogue. */
export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

/** Several cards at once (a visitor's cart, a 'Buy now' checkout). */
export function useProducts(ids: string[]) {
  return useQueries({ queries: ids.map((id) => productQueryOptions(id)) });
}
