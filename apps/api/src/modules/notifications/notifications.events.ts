import type { Database } from '../../db/client.js';
import { NOTIFICATION_COUNTS_CHANNEL } from './notifications.service.js';

type Listener = (unread: number) => void;

/**
 * Pushes each collector's unread count to this instance's open streams. Every instance LISTENs on
 * the channel, and a change commits a NOTIFY whose payload is the collector's id, so a change on
 * any instance reaches a bell open on any other. The count itself is read here, once per notice.
 */
export class NotificationCounts {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly unread: (userId: string) => Promise<number>,
  ) {}

  private receive(userId: string) {
    const mine = this.listeners.get(userId);
    if (!mine?.size) return;
    void this.unread(userId)
      .then((n) => {
        for (const l of mine) l(n);
      })
      .catch(() => undefined);
  }

  /** LISTEN once per instance; a lost connection is replaced and every open bell reads again. */
  private async listen(): Promise<void> {
    this.listening ??= this.database.listen(
      NOTIFICATION_COUNTS_CHANNEL,
      (payload) => this.receive(payload),
      () => {
        this.listening = null;
        if (!this.listeners.size) return;
        void this.listen()
          .then(() => {
            for (const userId of this.listeners.keys()) this.receive(userId);
          })
          .catch(() => undefined);
      },
    );
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
  }

  /** Sends the count now and on every change after; resolves once LISTEN is in place. */
  async subscribe(userId: string, listener: Listener): Promise<() => void> {
    await this.listen();
    const mine = this.listeners.get(userId) ?? new Set();
    this.listeners.set(userId, mine);
    mine.add(listener);
    listener(await this.unread(userId));
    return () => {
      mine.delete(listener);
      if (!mine.size) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const unlisten = await this.listening?.catch(() => null);
    this.listening = null;
    await unlisten?.();
  }
}
