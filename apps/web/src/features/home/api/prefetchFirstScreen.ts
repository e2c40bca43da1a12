import type { QueryClient } from '@tanstack/react-query';
import { activeGrailCaseQuery } from './useActiveGrailCase';
import { carouselCardsQuery } from './useCarouselCards';
import { recentPullsQuery } from './useRecentPulls';

/**
 * Starts the status block's three calls (SPEC §7, the same queries its hooks run) while the app
 * itself starts, so the block's answers are usually there when it first renders: one round trip
 * earlier, and one render of the page instead of a loading state and then each answer.
 */
export function prefetchFirstScreen(client: QueryClient): void {
  void client.prefetchQuery(activeGrailCaseQuery);
  void client.prefetchQuery(recentPullsQuery);
  void client.prefetchQuery(carouselCardsQuery);
}
