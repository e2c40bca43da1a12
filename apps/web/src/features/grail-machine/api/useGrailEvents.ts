import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointUrl, type ActiveCaseResponse, type PullEvent } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from '@/lib/api/activeCase';
import { addRecentPull } from '@/lib/api/recentPulls';
import { grailMachineKeys } from './caseKeys';

async function readEvent(data: string): Promise<PullEvent | null> {
  const { PullEvent } = await import('./pullEvent');
  try {
    const parsed = PullEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Live updates: each pull anyone buys arrives over server-sent events. The recent pulls and the
 * active case's remaining count change at once in their shared cache entries; the figures that
 * depend on what is left (odds, EV, floor) are then refetched.
 */
export function useGrailEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(grailEndpoints.events));
    // A stream that came back (its instance drained, the network dropped) may have missed pulls.
    let connectedBefore = false;
    source.addEventListener('open', () => {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: caseKeys.all });
      }
      connectedBefore = true;
    });
    // Events are read in the order they came: each waits on the same import of the schema.
    source.addEventListener('pull', async (message) => {
      const event = await readEvent((message as MessageEvent<string>).data);
      // An event this page cannot read is skipped; the next refetch brings the figures anyway.
      if (!event) return;
      addRecentPull(queryClient, event.pull);
      queryClient.setQueryData<ActiveCaseResponse | null>(caseKeys.active(), (old) =>
        old && old.caseId === event.caseId
          ? { ...old, remaining: event.remaining, status: event.status }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: caseKeys.active() });
      void queryClient.invalidateQueries({ queryKey: grailMachineKeys.detail(event.caseId) });
      void queryClient.invalidateQueries({ queryKey: grailMachineKeys.checklist(event.caseId) });
    });
    return () => source.close();
  }, [queryClient]);
}
