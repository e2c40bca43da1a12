import { useQuery } from '@tanstack/react-query';
import { catalogEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { productKeys } from '@/lib/api/products';

/** Cards of the same player recently sold in the store, with what they went for. */
export function useSoldComparables(id: string) {
  return useQuery({
    queryKey: [...productKeys.detail(id), 'sold-comparables'],
    queryFn: ({ signal }) => callApi(catalogEndpoints.soldComparables, { params: { id }, signal }),
  });
}
