import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { BREAK_FORMATS, BREAK_SPORTS, type BreaksQuery } from '@grail/contract';
import { breakEndpoints } from '@/lib/api/endpoints';
import { breakKeys } from '@/lib/api/breaks';
import { callApi } from '@/lib/api/callApi';
import { publicConfigQuery } from '@/lib/config';

/** `value` when it is one of `options`, else undefined. */
const oneOf = <T extends string>(options: readonly T[], value: string | null) =>
  options.find((option) => option === value);

/** The list's filters as the page's address gives them; anything unknown is no filter. */
export function breakFilters(params: URLSearchParams): BreaksQuery {
  return {
    sport: oneOf(BREAK_SPORTS, params.get('sport')),
    format: oneOf(BREAK_FORMATS, params.get('format')),
  };
}

const breaksQueryOptions = (filters: BreaksQuery) =>
  queryOptions({
    queryKey: breakKeys.list(filters),
    queryFn: async ({ signal }) =>
      (await callApi(breakEndpoints.breaks, { query: filters, signal })).breaks,
  });

/** Breaks collectors may see, filtered by sport and format; a filter change keeps the last list. */
export function useBreaks(filters: BreaksQuery) {
  return useQuery({ ...breaksQueryOptions(filters), placeholderData: keepPreviousData });
}

/**
 * Starts the list a direct visit to /breaks shows, with the public settings that decide whether
 * breaks exist: asked while the app starts, the list is usually there when the page first renders,
 * so it paints once instead of a placeholder and then the cards. With the flag off nothing more
 * is asked (the page is the 404 screen). Failures are the page's queries' to report.
 */
export function prefetchBreaks(client: QueryClient, params: URLSearchParams): void {
  client
    .fetchQuery(publicConfigQuery)
    .then((config) => {
      if (config.flags.BREAKS_ENABLED)
        return client.prefetchQuery(breaksQueryOptions(breakFilters(params)));
    })
    .catch(() => undefined);
}
