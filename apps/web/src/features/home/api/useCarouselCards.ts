import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAROUSEL_CARDS_LIMIT, type Product } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { retryServerErrorsOnce } from './useActiveGrailCase';

/** GET /api/products/carousel-cards?limit=12&minFmv=0 → a list of featured cards. */
export const carouselCardsQuery = queryOptions({
  queryKey: ['products', 'carousel-cards', CAROUSEL_CARDS_LIMIT, 0],
  queryFn: ({ signal }) =>
    apiRequest<Product[]>(`/api/products/carousel-cards?limit=${CAROUSEL_CARDS_LIMIT}&minFmv=0`, {
      signal,
    }),
  retry: retryServerErrorsOnce,
});

export function useCarouselCards() {
  return useQuery(carouselCardsQuery);
}
