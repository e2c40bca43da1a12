import { useQueries, useQuery } from '@tanstack/react-query';
import { catalogPaths, type Product } from '@grail/contract';
import { ApiError, apiRequest } from '@/lib/api/client';

export const productQuery = (id: string) => ({
  queryKey: ['products', 'product', id],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<Product>(catalogPaths.product(id), { signal }),
  // An unknown card stays unknown: no retries for a 4xx.
  retry: (count: number, error: unknown) =>
    !(error instanceof ApiError && error.status < 500) && count < 2,
});

/** GET /api/products/{id}. */
export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

/** Several cards at once (a visitor's cart, a 'Buy now' checkout). */
export function useProducts(ids: string[]) {
  return useQueries({ queries: ids.map((id) => productQuery(id)) });
}
