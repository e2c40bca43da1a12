import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { marketKeys } from '@/lib/api/market';

/** One page of open listings for the page's filters (as the URL holds them, text). */
export function useMarketListings(params: Record<string, string>) {
  return useQuery({
    queryKey: marketKeys.search(params),
    queryFn: ({ signal }) =>
      callApi(marketEndpoints.marketListings, {
        // The URL's text, sent as it is: the server checks each value against MarketQuery.
        query: params as never,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
