import type { QueryClient } from '@tanstack/react-query';
import { STORE_PAGE_SIZE } from '@grail/contract';
import { storeItemsQueryOptions } from '@/lib/api/products';
import { preloadFirstPictures } from '../lib/storePictures';

/**
 * On a direct visit to /store: the first page of cards for the address's filters (the query the
 * page runs), then the first row's pictures as soon as the cards are known. A failure is left to
 * the page's own query to show.
 */
export function prefetchStore(client: QueryClient, search: string): void {
  const options = storeItemsQueryOptions({
    ...Object.fromEntries(new URLSearchParams(search)),
    limit: String(STORE_PAGE_SIZE),
  });
  client
    .fetchQuery(options)
    .then((data) => preloadFirstPictures(data.products))
    .catch(() => undefined);
}
