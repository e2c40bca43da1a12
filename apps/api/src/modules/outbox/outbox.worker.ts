import type { FastifyBaseLogger } from 'fastify';
import type { OutboxService } from './outbox.service.js';

/**
 * The outbox's delivery loop, one per instance: started when the app is ready, stopped (after the
 * delivery in hand) when it closes. It drains what is due in batches, then waits `pollMs`; every
 * instance runs one, and the claim keeps them from sending a message twice.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly outbox: OutboxService,
    private readonly opts: { pollMs?: number; batch?: number; log?: FastifyBaseLogger } = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in hand, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const batch = this.opts.batch ?? 10;
    try {
      while (!this.stopped && (await this.outbox.deliverDue(batch)) === batch);
    } catch (err) {
      // The database away for a moment: the rows stay pending and the next poll tries again.
      this.opts.log?.warn({ err }, 'outbox poll failed');
    }
    this.schedule(this.opts.pollMs ?? 1000);
  }
}
