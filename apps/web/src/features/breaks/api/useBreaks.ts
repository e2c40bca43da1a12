import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { breakEndpoints, type BreaksQuery } from '@grail/contract';
import { breakKeys } from '@/lib/api/breaks';
import { callApi } from '@/lib/api/callApi';

/** Breaks collectors may see, filtered by sport and format; a filter change keeps the last list. */
export function useBreaks(filters: BreaksQuery) {
  return useQuery({
    queryKey: breakKeys.list(filters),
    queryFn: async ({ signal }) =>
      (await callApi(breakEndpoints.breaks, { query: filters, signal })).breaks,
    placeholderData: keepPreviousData,
  });
}
