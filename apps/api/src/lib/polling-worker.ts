import type { FastifyBaseLogger } from 'fastify';

/**
 * A background loop, one per instance: started when the app is ready, stopped (after the work in
 * hand) when it closes. Each turn calls `work` until it answers that nothing more is due, then
 * waits `pollMs`. Every instance runs one; the work's own claim or lease keeps two instances from
 * doing the same thing.
 */
export class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  /**
   * @param work does one unit of work; answers true when more may be due at once. It is given
   *   `isStopping` to check between steps of a long unit.
   */
  constructor(
    private readonly name: string,
    private readonly work: (isStopping: () => boolean) => Promise<boolean>,
    private readonly opts: { pollMs?: number; log?: FastifyBaseLogger } = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the work in hand, so the database can close after it. */
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
    const isStopping = () => this.stopped;
    try {
      while (!this.stopped && (await this.work(isStopping)));
    } catch (err) {
      // The database away for a moment: the work stays claimable and the next poll tries again.
      this.opts.log?.warn({ err }, `${this.name} poll failed`);
    }
    this.schedule(this.opts.pollMs ?? 1000);
  }
}
