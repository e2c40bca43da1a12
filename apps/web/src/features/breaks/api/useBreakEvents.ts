import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BreakAssignmentEvent,
  BreakHitEvent,
  BreakSpotsEvent,
  BreakStepEvent,
  endpointUrl,
} from '@grail/contract';
import { breakEndpoints } from '@/lib/api/endpoints';
import type { z } from 'zod';
import { breakKeys } from '@/lib/api/breaks';

export interface BreakEventHandlers {
  onStep?: (event: BreakStepEvent) => void;
  onAssignment?: (event: BreakAssignmentEvent) => void;
  onHit?: (event: BreakHitEvent) => void;
}

function read<S extends z.ZodType>(schema: S, data: string): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Live events of one break over server-sent events: sold spots and status changes refresh the
 * break's cached data; the shuffle's steps, each spot's team and each hit go to the handlers.
 * An event this page cannot read is skipped (the next refetch brings the data anyway).
 */
export function useBreakEvents(breakId: string | undefined, handlers: BreakEventHandlers = {}) {
  const queryClient = useQueryClient();
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!breakId || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(breakEndpoints.breakEvents, { id: breakId }));
    const refresh = () => void queryClient.invalidateQueries({ queryKey: breakKeys.all });
    // A stream that came back (its instance drained, the network dropped) may have missed events.
    let connectedBefore = false;
    source.addEventListener('open', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    source.addEventListener('spots', (m) => {
      if (read(BreakSpotsEvent, (m as MessageEvent<string>).data)) refresh();
    });
    source.addEventListener('step', (m) => {
      const event = read(BreakStepEvent, (m as MessageEvent<string>).data);
      if (event) latest.current.onStep?.(event);
    });
    source.addEventListener('assignment', (m) => {
      const event = read(BreakAssignmentEvent, (m as MessageEvent<string>).data);
      if (event) latest.current.onAssignment?.(event);
    });
    source.addEventListener('hit', (m) => {
      const event = read(BreakHitEvent, (m as MessageEvent<string>).data);
      if (!event) return;
      latest.current.onHit?.(event);
      refresh();
    });
    return () => source.close();
  }, [breakId, queryClient]);
}
