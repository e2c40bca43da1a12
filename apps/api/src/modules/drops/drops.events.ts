import type { DropEvent } from '@grail/contract';
import type { Database } from '../../db/client.js';
import { DROP_EVENTS_CHANNEL } from './drops.service.js';

type Listener = (event: DropEvent) => void;

/**
 * Fans queue changes out to this instance's open waiting rooms, per case. Every instance LISTENs
 * on the channel (as the pull events do), so a join or the draw on any instance reaches every
 * page; each notice says how many have joined and whether the order is drawn.
 */
export class DropEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly database: Database) {}

  private receive(payload: string) {
    let event: DropEvent;
    try {
      event = JSON.parse(payload) as DropEvent;
    } catch {
      return;
    }
    for (const l of this.listeners.get(event.caseId) ?? []) l(event);
  }

  /** Resolves once LISTEN is in place, so every change committed after that reaches `listener`. */
  async subscribe(caseId: string, listener: Listener): Promise<() => void> {
    this.listening ??= this.database.listen(DROP_EVENTS_CHANNEL, (p) => this.receive(p));
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
    let mine = this.listeners.get(caseId);
    if (!mine) this.listeners.set(caseId, (mine = new Set()));
    mine.add(listener);
    return () => {
      mine.delete(listener);
      if (!mine.size) this.listeners.delete(caseId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const unlisten = await this.listening?.catch(() => null);
    this.listening = null;
    await unlisten?.();
  }
}
