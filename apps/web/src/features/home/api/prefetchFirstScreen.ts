import type { QueryClient } from '@tanstack/react-query';
import { activeCaseQueryOptions } from '@/lib/api/activeCase';
import { recentPullsQueryOptions } from '@/lib/api/recentPulls';
import { carouselCardsQuery } from './useCarouselCards';

/**
 * Starts the status block's three calls (the same queries its hooks run) while the app itself
 * starts (index.html has already asked for the poster, build/homePosterPreload.ts), so the block's answers are usually there when it first renders:
 * one round trip earlier, and one render of the page instead of a loading state and then each
 * answer.
 */
export function prefetchFirstScreen(client: QueryClient): void {
  void client.prefetchQuery(activeCaseQueryOptions());
  void client.prefetchQuery(recentPullsQueryOptions());
  void client.prefetchQuery(carouselCardsQuery);
}
