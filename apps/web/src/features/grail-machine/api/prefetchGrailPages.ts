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

/**
 * A record of more cards than this is not fetched while the app starts: a sold-out case of 2,000 is
 * 650 KB of JSON, which competed with the page's own code and pushed its first paint back by a
 * second on a phone. The page asks for it once it has painted.
 */
const RECORD_PREFETCH_MAX_CARDS = 500;

/** A direct visit to the fairness page: the cases, then the chosen (or newest) case's record. */
export function prefetchFairness(client: QueryClient, search: string): void {
  const chosen = new URLSearchParams(search).get('case');
  client.fetchQuery(casesQueryOptions).then(
    (cases) => {
      const shown = chosen ? cases.find((c) => c.caseId === chosen) : cases[0];
      if (shown && shown.totalItems <= RECORD_PREFETCH_MAX_CARDS)
        void client.prefetchQuery(fairnessQueryOptions(shown.caseId));
    },
    () => undefined,
  );
}
