import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { grailPaths, RECENT_PULLS_LIMIT, type PullEvent, type RecentPull } from '@grail/contract';
import { grailKeys } from './useActiveCase';

/**
 * Live updates: each pull anyone buys arrives over server-sent events; the strip gets it at
 * once and the case figures (remaining, odds, EV) are refetched.
 */
export function useGrailEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(grailPaths.events);
    source.addEventListener('pull', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as PullEvent;
      queryClient.setQueryData<RecentPull[]>(grailKeys.recent, (old) =>
        [event.pull, ...(old ?? []).filter((p) => p._id !== event.pull._id)].slice(
          0,
          RECENT_PULLS_LIMIT,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: grailKeys.active });
      void queryClient.invalidateQueries({ queryKey: grailKeys.detail(event.caseId) });
    });
    return () => source.close();
  }, [queryClient]);
}
