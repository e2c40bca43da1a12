import type { PullEvent, RecentPull } from '@grail/contract';
import type { Database } from '../../db/client.js';

/** The NOTIFY channel a purchase writes to inside its transaction, so it fires only on commit. */
export const GRAIL_EVENTS_CHANNEL = 'grail_pull_events';

/**
 * What a purchase NOTIFYs: small, so the locked purchase statement stays cheap. `position` (public
 * on the fairness page) lets every instance keep its copy of the remaining cards current.
 */
export type PullNotice = Omit<PullEvent, 'pull'> & { pullId: string; position: number };

type Listener = (event: PullEvent) => void;

/**
 * Fans pull events out to this instance's SSE clients. Every instance LISTENs on the channel
 * (PostgreSQL delivers NOTIFY to all of them; PGlite delivers in-process), so a pull bought
 * through any instance reaches every open stream. LISTEN starts with the first subscriber; each
 * notice is completed with the pull's public card view and delivered in commit order.
 */
export class GrailEvents {
  private readonly listeners = new Set<Listener>();
  private listening: Promise<() => Promise<void>> | null = null;
  private delivery: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly loadPull: (pullId: string) => Promise<RecentPull | undefined>,
  ) {}

  private receive(payload: string) {
    let notice: PullNotice;
    try {
      notice = JSON.parse(payload) as PullNotice;
    } catch {
      return;
    }
    this.delivery = this.delivery.then(async () => {
      if (this.listeners.size === 0) return;
      const pull = await this.loadPull(notice.pullId).catch(() => undefined);
      if (!pull) return;
      const { pullId: _pullId, position: _position, ...rest } = notice;
      for (const l of this.listeners) l({ ...rest, pull });
    });
  }

  /** Resolves once LISTEN is in place, so every pull committed after that reaches the listener. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.listening ??= this.database.listen(GRAIL_EVENTS_CHANNEL, (p) => this.receive(p));
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const unlisten = await this.listening?.catch(() => null);
    this.listening = null;
    await unlisten?.();
  }
}
