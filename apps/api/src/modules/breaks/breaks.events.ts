import type {
  BreakAssignmentEvent,
  BreakHit,
  BreakSpotsEvent,
  BreakStepEvent,
} from '@grail/contract';
import type { Database } from '../../db/client.js';

/** The NOTIFY channel a break's commands write to inside their transaction (delivered on commit). */
export const BREAK_EVENTS_CHANNEL = 'break_events';

/** What a command NOTIFYs: small; each instance completes it from the database. */
export type BreakNotice =
  | { breakId: string; type: 'spots' }
  | { breakId: string; type: 'started' }
  | { breakId: string; type: 'hit'; hitId: string };

/** One event of the live reveal and the instant every watcher is shown it. */
export type RevealItem =
  | { at: number; event: 'step'; data: BreakStepEvent }
  | { at: number; event: 'assignment'; data: BreakAssignmentEvent };

export type BreakMessage =
  | { type: 'spots'; data: BreakSpotsEvent }
  | { type: 'hit'; data: BreakHit }
  | { type: 'reveal'; items: RevealItem[] };

/** What the events need read from the database (the breaks service provides it). */
export interface BreakEventSource {
  spots(breakId: string): Promise<BreakSpotsEvent | undefined>;
  hit(hitId: string): Promise<BreakHit | undefined>;
  reveal(breakId: string): Promise<RevealItem[]>;
}

type Listener = (message: BreakMessage) => void;

/**
 * Fans one break's events out to this instance's SSE clients watching it. Every instance
 * LISTENs on the channel (PostgreSQL delivers NOTIFY to all of them; PGlite in-process), so a
 * purchase or a hit entered through any instance reaches every open stream; each notice is
 * completed once per instance and delivered in commit order.
 */
export class BreakEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private delivery: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly source: BreakEventSource,
  ) {}

  private receive(payload: string) {
    let notice: BreakNotice;
    try {
      notice = JSON.parse(payload) as BreakNotice;
    } catch {
      return;
    }
    this.delivery = this.delivery.then(async () => {
      const watching = this.listeners.get(notice.breakId);
      if (!watching || watching.size === 0) return;
      const message = await this.complete(notice).catch(() => undefined);
      if (!message) return;
      for (const l of watching) l(message);
    });
  }

  private async complete(notice: BreakNotice): Promise<BreakMessage | undefined> {
    if (notice.type === 'spots') {
      const data = await this.source.spots(notice.breakId);
      return data && { type: 'spots', data };
    }
    if (notice.type === 'hit') {
      const data = await this.source.hit(notice.hitId);
      return data && { type: 'hit', data };
    }
    return { type: 'reveal', items: await this.source.reveal(notice.breakId) };
  }

  /** Resolves once LISTEN is in place, so every event committed after that reaches the listener. */
  async subscribe(breakId: string, listener: Listener): Promise<() => void> {
    this.listening ??= this.database.listen(BREAK_EVENTS_CHANNEL, (p) => this.receive(p));
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
    let set = this.listeners.get(breakId);
    if (!set) {
      set = new Set();
      this.listeners.set(breakId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(breakId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const unlisten = await this.listening?.catch(() => null);
    this.listening = null;
    await unlisten?.();
  }
}
