import { useQuery } from '@tanstack/react-query';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { ApiError } from '@/lib/api/client';
import { marketKeys } from '@/lib/api/market';

/** One listing, of any status, with its card's sales history and FMV. */
export function useListing(listingId: string) {
  return useQuery({
    queryKey: marketKeys.listing(listingId),
    queryFn: ({ signal }) =>
      callApi(marketEndpoints.marketListing, { params: { listingId }, signal }),
    // An unknown listing stays unknown: no retries for a 4xx.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
