import { useQuery } from '@tanstack/react-query';
import { STORE_NEW_ARRIVALS } from '@grail/contract';
import { getStoreItems, productKeys } from '@/lib/api/products';
import { retryServerErrorsOnce } from '@/lib/api/retry';

/** The newest cards in the store (the store's first page, 4 of them). */
export function useNewArrivals() {
  return useQuery({
    queryKey: productKeys.newArrivals(STORE_NEW_ARRIVALS),
    queryFn: async ({ signal }) =>
      (
        await getStoreItems(
          { limit: String(STORE_NEW_ARRIVALS), sort: 'createdAt', order: 'desc' },
          signal,
        )
      ).products,
    retry: retryServerErrorsOnce,
  });
}
