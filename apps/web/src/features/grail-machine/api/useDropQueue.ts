import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointUrl, type DropEvent, type DropQueueResponse } from '@grail/contract';
import { dropEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { grailMachineKeys } from './caseKeys';

/** A case's waiting room and the caller's entry in it. */
export function useDropQueue(caseId: string) {
  return useQuery({
    queryKey: grailMachineKeys.drop(caseId),
    queryFn: ({ signal }) => callApi(dropEndpoints.dropQueue, { params: { caseId }, signal }),
  });
}

/** Joins the waiting room; the answer is the room with the new (or kept) entry. */
export function useJoinDrop(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(dropEndpoints.joinDrop, { params: { caseId } }),
    onSuccess: (room) => queryClient.setQueryData(grailMachineKeys.drop(caseId), room),
  });
}

/** The entry ids with their drawn places, and the seed once revealed (for the check). */
export function useDropOrder(caseId: string, enabled: boolean) {
  return useQuery({
    queryKey: grailMachineKeys.dropOrder(caseId),
    queryFn: ({ signal }) => callApi(dropEndpoints.dropOrder, { params: { caseId }, signal }),
    enabled,
    // Only an unknown case fails (404): nothing to try again.
    retry: false,
  });
}

/**
 * Live: every join and the draw reach the page over server-sent events from any instance. The
 * count changes in place; the draw (or a stream that came back, which may have missed it) reads
 * the room again for the caller's place.
 */
export function useDropEvents(caseId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const key = grailMachineKeys.drop(caseId);
    const source = new EventSource(endpointUrl(dropEndpoints.dropEvents, { caseId }));
    let connectedBefore = false;
    source.addEventListener('open', () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: key });
      connectedBefore = true;
    });
    source.addEventListener('drop', (message) => {
      let event: DropEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as DropEvent;
      } catch {
        return;
      }
      queryClient.setQueryData<DropQueueResponse>(key, (old) =>
        old ? { ...old, entries: event.entries } : old,
      );
      const old = queryClient.getQueryData<DropQueueResponse>(key);
      if (event.ordered || !old || old.state === 'upcoming' || old.state === 'off') {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    });
    return () => source.close();
  }, [caseId, queryClient]);
}
