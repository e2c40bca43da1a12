import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: a hot read answers in a millisecond, a slow page in seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a pack purchase's answer says, from its status (a label with a handful of values). */
export function purchaseResult(statusCode: number): string {
  if (statusCode < 300) return 'bought';
  if (statusCode === 402) return 'short_balance';
  if (statusCode === 409) return 'sold_out';
  if (statusCode === 429) return 'rate_limited';
  return statusCode < 500 ? 'refused' : 'failed';
}

/** A figure read when Prometheus scrapes: the labels and value of each series. */
export type Reading<L extends string> = Array<{
  labels: Partial<Record<L, string>>;
  value: number;
}>;

/**
 * One instance's Prometheus metrics (docs/operations.md lists them with their alerts). Counters
 * this process moves are kept here; figures that live in the database (the outbox's backlog, the
 * ledger's totals) or in another part (the pool, open streams) are read when scraped, through
 * `readOnScrape`. Each app has its own registry, so tests that build several never share one.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route template (answers from memory in front of the app are counted, not timed).',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly packPurchases = new Counter({
    name: 'grail_pack_purchases_total',
    help: 'Pack purchases answered, by result (bought, sold_out, short_balance, rate_limited, refused, failed).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly packPurchaseDuration = new Histogram({
    name: 'grail_pack_purchase_duration_seconds',
    help: 'Time from a pack purchase request to its answer, by result.',
    labelNames: ['result'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly purchaseGroupSize = new Histogram({
    name: 'grail_purchase_group_size',
    help: 'Pack purchases bought together in one transaction (decision 018).',
    buckets: [1, 2, 4, 8, 12, 16],
    registers: [this.registry],
  });

  readonly hotReads = new Counter({
    name: 'hot_reads_total',
    help: 'Public reads answered from memory (hit) or read from the database (miss).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private defaultsOn = false;
  /** Each label set's counter, found once: a hot read answered from memory costs microseconds. */
  private readonly answerCounters = new Map<string, { inc(): void }>();

  /** Counts one answer sent (http_requests_total). */
  countAnswer(method: string, route: string, status: number): void {
    const key = `${method} ${status} ${route}`;
    let counter = this.answerCounters.get(key);
    if (!counter) {
      counter = this.httpRequests.labels({ method, route, status_code: String(status) });
      this.answerCounters.set(key, counter);
    }
    counter.inc();
  }

  /** Process metrics (event-loop lag, heap, GC): only where they are served, as they sample. */
  collectProcessMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose series are read when scraped; a read that fails leaves the gauge empty. */
  readOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<Reading<L>> | Reading<L>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let readings: Reading<L>;
        try {
          readings = await read();
        } catch {
          return;
        }
        for (const { labels, value } of readings) this.set(labels, value);
      },
    });
  }

  /**
   * A counter whose total lives in the database (the ledger): each scrape moves it up to the
   * total read, so it only rises, as a counter must, and every instance reports the same figure.
   */
  totalOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    keyLabel: L,
    read: () => Promise<Reading<L>>,
  ): void {
    const reported = new Map<string, number>();
    new Counter<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let readings: Reading<L>;
        try {
          readings = await read();
        } catch {
          return;
        }
        for (const { labels, value } of readings) {
          const key = labels[keyLabel] ?? '';
          const rise = value - (reported.get(key) ?? 0);
          if (rise > 0) this.inc(labels, rise);
          reported.set(key, Math.max(value, reported.get(key) ?? 0));
        }
      },
    });
  }
}
