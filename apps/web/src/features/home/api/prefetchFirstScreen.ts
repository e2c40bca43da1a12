import type { QueryClient } from '@tanstack/react-query';
import { activeCaseQueryOptions } from '@/lib/api/activeCase';
import { recentPullsQueryOptions } from '@/lib/api/recentPulls';
import { carouselCardsQuery } from './useCarouselCards';
import { HOME_POSTER_URL } from '../media';

/**
 * Starts the clip's poster, the page's largest paint, downloading now rather than when the page
 * first renders its video, a round trip after the status checks.
 */
function preloadPoster(): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = HOME_POSTER_URL;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Starts the poster and the status block's three calls (the same queries its hooks run)
 * while the app itself starts, so the block's answers are usually there when it first renders:
 * one round trip earlier, and one render of the page instead of a loading state and then each
 * answer.
 */
export function prefetchFirstScreen(client: QueryClient): void {
  preloadPoster();
  void client.prefetchQuery(activeCaseQueryOptions());
  void client.prefetchQuery(recentPullsQueryOptions());
  void client.prefetchQuery(carouselCardsQuery);
}
