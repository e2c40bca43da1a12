import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import type { OutboxService } from '../modules/outbox/outbox.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { openEventStreams } from './event-stream.js';

/** The route label of a request no route matched: one value, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answer the app sends, labelled by the route's template
 * (`/api/cases/:caseId/packs`), so the label has as many values as there are routes.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    metrics.countAnswer(method, route, reply.statusCode);
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `/metrics` in Prometheus' text format on its own port (METRICS_PORT), bound to METRICS_HOST
 * (127.0.0.1 unless set), so the figures never face the internet with the site.
 */
export async function serveMetrics(
  metrics: Metrics,
  { port, host }: { port: number; host: string },
): Promise<MetricsServer> {
  metrics.collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the scrape reads from the instance's parts and the database. */
export interface InstanceReadings {
  server: object;
  database: Database;
  outbox: Pick<OutboxService, 'backlog'>;
  wallet: Pick<WalletService, 'movementTotals'>;
}

/** The figures read at each scrape: streams, the pool, the outbox's backlog, the ledger's totals. */
export function observeInstance(metrics: Metrics, parts: InstanceReadings): void {
  metrics.readOnScrape(
    'grail_live_event_streams',
    'Live-event streams open on this instance.',
    [],
    () => [{ labels: {}, value: openEventStreams(parts.server) }],
  );
  const pool = parts.database.poolStats?.bind(parts.database);
  if (pool) {
    metrics.readOnScrape(
      'db_pool_connections',
      'Database pool connections, by state (in_use, idle), and requests waiting for one (waiting).',
      ['state'],
      () => {
        const { inUse, idle, waiting } = pool();
        return [
          { labels: { state: 'in_use' }, value: inUse },
          { labels: { state: 'idle' }, value: idle },
          { labels: { state: 'waiting' }, value: waiting },
        ];
      },
    );
  }
  const backlog = onePerScrape(() => parts.outbox.backlog());
  const movements = onePerScrape(() => parts.wallet.movementTotals());
  metrics.readOnScrape(
    'outbox_messages',
    'Outbox messages not sent, by kind and status (pending, dead); site-wide.',
    ['kind', 'status'],
    async () =>
      (await backlog()).map((b) => ({
        labels: { kind: b.kind, status: b.status },
        value: b.messages,
      })),
  );
  metrics.readOnScrape(
    'outbox_oldest_message_age_seconds',
    'Age of the oldest outbox message not sent, by kind and status; site-wide.',
    ['kind', 'status'],
    async () =>
      (await backlog()).map((b) => ({
        labels: { kind: b.kind, status: b.status },
        value: b.oldestSeconds,
      })),
  );
  metrics.totalOnScrape(
    'grail_wallet_movements_total',
    'Wallet ledger entries, by kind; site-wide (every instance reports the same total).',
    ['kind'],
    'kind',
    async () =>
      (await movements()).map((m) => ({
        labels: { kind: m.kind },
        value: m.movements,
      })),
  );
  metrics.totalOnScrape(
    'grail_wallet_movement_cents_total',
    'Cents moved through wallets either way, by ledger kind; site-wide.',
    ['kind'],
    'kind',
    async () =>
      (await movements()).map((m) => ({
        labels: { kind: m.kind },
        value: m.cents,
      })),
  );
}

/**
 * One database read shared by the gauges of one scrape: prom-client collects them together, so
 * a read still under way is the one the next gauge gets.
 */
function onePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () =>
    (reading ??= read().finally(() => {
      reading = undefined;
    }));
}
