import { useQuery } from '@tanstack/react-query';
import { STORE_NEW_ARRIVALS, type StoreItemsResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { retryServerErrorsOnce } from './useActiveGrailCase';

/** GET /api/products/store-items?limit=4&sort=createdAt&order=desc → { products }. */
export function useNewArrivals() {
  return useQuery({
    queryKey: ['products', 'store-items', 'new-arrivals', STORE_NEW_ARRIVALS],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<StoreItemsResponse>(
          `/api/products/store-items?limit=${STORE_NEW_ARRIVALS}&sort=createdAt&order=desc`,
          { signal },
        )
      ).products,
    retry: retryServerErrorsOnce,
  });
}
