import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAROUSEL_CARDS_LIMIT } from '@grail/contract';
import { catalogEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { productKeys } from '@/lib/api/products';
import { retryServerErrorsOnce } from '@/lib/api/retry';

const MIN_FMV = 0;

/** The home page's featured cards (12, any FMV); prefetched with the first screen. */
export const carouselCardsQuery = queryOptions({
  queryKey: productKeys.carouselCards(CAROUSEL_CARDS_LIMIT, MIN_FMV),
  queryFn: ({ signal }) =>
    callApi(catalogEndpoints.carouselCards, {
      query: { limit: CAROUSEL_CARDS_LIMIT, minFmv: MIN_FMV },
      signal,
    }),
  retry: retryServerErrorsOnce,
});

export function useCarouselCards() {
  return useQuery(carouselCardsQuery);
}
