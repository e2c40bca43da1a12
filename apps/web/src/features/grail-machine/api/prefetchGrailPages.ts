import type { QueryClient } from '@tanstack/react-query';
import { activeCaseQueryOptions } from '@/lib/api/activeCase';
import { recentPullsQueryOptions } from '@/lib/api/recentPulls';
import { caseChecklistQueryOptions } from './useCaseChecklist';
import { caseDetailQueryOptions } from './useCaseDetail';
import { casesQueryOptions } from './useCases';
import { fairnessQueryOptions } from './useFairness';

/**
 * A direct visit to the Grail Machine asks for the live case and the recent pulls while the app
 * starts (the same queries the page's hooks run), then the case's top grails and checklist as soon
 * as its id is known: the page renders its case once, not a loading state and then each answer.
 */
export function prefetchGrailMachine(client: QueryClient): void {
  void client.prefetchQuery(recentPullsQueryOptions());
  client.fetchQuery(activeCaseQueryOptions()).then(
    (live) => {
      if (!live) {
        void client.prefetchQuery(casesQueryOptions);
        return;
      }
      void client.prefetchQuery(caseDetailQueryOptions(live.caseId));
      void client.prefetchQuery(caseChecklistQueryOptions(live.caseId));
    },
    // The page's own query reports the failure.
    () => undefined,
  );
}

/** A direct visit to the fairness page: the cases, and the chosen (or newest) case's record. */
export function prefetchFairness(client: QueryClient, search: string): void {
  const chosen = new URLSearchParams(search).get('case');
  if (chosen) void client.prefetchQuery(fairnessQueryOptions(chosen));
  client.fetchQuery(casesQueryOptions).then(
    (cases) => {
      const newest = cases[0]?.caseId;
      if (!chosen && newest) void client.prefetchQuery(fairnessQueryOptions(newest));
    },
    () => undefined,
  );
}
