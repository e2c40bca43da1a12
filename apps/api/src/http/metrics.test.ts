import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser } from '../../test/users.js';
import { closeOpenCases, createLiveCase } from '../../test/fixtures/grail.js';
import { fund } from '../../test/fixtures/wallet.js';
import { serveMetrics, type MetricsServer } from './metrics.js';

/** One sample of a scrape: its metric name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus' text format, strictly: every line is a comment (# HELP, # TYPE) or a sample; a line
 * that is neither fails the test, as a scraper would reject the page.
 */
function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][\w:]* /.test(line)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|NaN|[+-]Inf)$/i.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of match[2]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? [])
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe(`metrics (${testEngine})`, () => {
  let t: TestApp;
  let metrics: MetricsServer;
  let siteUrl: string;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseScrape(await res.text());
  };

  beforeAll(async () => {
    t = await createTestApp();
    metrics = await serveMetrics(t.app.metrics, { port: 0, host: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    siteUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await metrics?.close();
    await t?.close();
  });

  it('labels requests by route template, never by the raw URL', async () => {
    const caseId = randomUUID();
    expect((await fetch(`${siteUrl}/api/grail-cases/${caseId}`)).status).toBe(404);
    // No route takes a POST here; a GET would be the page route's (`/*`).
    expect((await fetch(`${siteUrl}/api/no-such-thing/${caseId}`, { method: 'POST' })).status).toBe(
      404,
    );
    const samples = await scrape();
    expect(
      valueOf(samples, 'http_requests_total', {
        method: 'GET',
        route: '/api/grail-cases/:caseId',
        status_code: '404',
      }),
    ).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { route: 'unmatched' })).toBe(1);
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', {
        route: '/api/grail-cases/:caseId',
      }),
    ).toBe(1);
    const raw = samples.filter((s) => Object.values(s.labels).some((v) => v.includes(caseId)));
    expect(raw).toEqual([]);
    // Process metrics are on wherever metrics are served.
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('counts a purchase, its time, its group and its wallet movement', async () => {
    await closeOpenCases(t.database, t.app.services.grailAdmin);
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
      packPrice: 25,
    });
    const buyer = await createUser(t);
    await fund(t.database, buyer.id, 2_500);
    const before = await scrape();
    const buy = () =>
      fetch(`${siteUrl}/api/grail-cases/${caseId}/packs`, {
        method: 'POST',
        headers: {
          ...buyer.headers,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: '{}',
      });
    expect((await buy()).status).toBe(201);
    const broke = await buy();
    expect(broke.status).toBe(402);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('grail_pack_purchases_total', { result: 'bought' })).toBe(1);
    expect(moved('grail_pack_purchases_total', { result: 'short_balance' })).toBe(1);
    expect(moved('grail_pack_purchase_duration_seconds_count', { result: 'bought' })).toBe(1);
    expect(moved('grail_pack_purchase_duration_seconds_sum', { result: 'bought' })).toBeGreaterThan(
      0,
    );
    expect(moved('grail_purchase_group_size_count')).toBeGreaterThanOrEqual(1);
    expect(moved('grail_wallet_movements_total', { kind: 'pack' })).toBe(1);
    expect(moved('grail_wallet_movement_cents_total', { kind: 'pack' })).toBe(2_500);
    expect(
      moved('http_requests_total', { route: '/api/grail-cases/:caseId/packs', status_code: '201' }),
    ).toBe(1);
  });

  it('counts hot reads from memory and from the database, and answers from the front door', async () => {
    const url = `${siteUrl}/api/grail-cases/active`;
    const before = await scrape();
    const moved = (after: Sample[], name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    // The first read fills memory (once no change is in flight); the next are answered from it.
    let reads = 0;
    let after = before;
    while (moved(after, 'hot_reads_total', { result: 'hit' }) < 2 && reads < 200) {
      expect((await fetch(url)).status).toBe(200);
      reads++;
      after = await scrape();
      await setTimeout(20);
    }
    expect(moved(after, 'hot_reads_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(moved(after, 'hot_reads_total', { result: 'hit' })).toBe(2);
    // Every read is counted, the front door's answers with the app's.
    expect(
      moved(after, 'http_requests_total', {
        route: '/api/grail-cases/active',
        status_code: '200',
      }),
    ).toBe(reads);
  });

  it('reads the outbox backlog, open streams and the pool when scraped', async () => {
    await t.app.services.outbox.enqueue({
      kind: 'webhook',
      payload: { url: 'http://127.0.0.1:9/never', body: {} },
    });
    const stream = await fetch(`${siteUrl}/api/grail-cases/events`);
    const reader = stream.body!.getReader();
    await reader.read();
    const samples = await scrape();
    await reader.cancel();
    expect(valueOf(samples, 'outbox_messages', { kind: 'webhook', status: 'pending' })).toBe(1);
    expect(
      valueOf(samples, 'outbox_oldest_message_age_seconds', { kind: 'webhook', status: 'pending' }),
    ).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'grail_live_event_streams')).toBe(1);
    const pool = samples.filter((s) => s.name === 'db_pool_connections');
    if (testEngine === 'postgres')
      expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
    else expect(pool).toEqual([]);
  });

  it('serves only /metrics, on the address it was given', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect(
      (await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status,
    ).toBe(404);
    // The site's port does not serve them.
    expect((await fetch(`${siteUrl}/metrics`)).headers.get('content-type')).not.toMatch(
      /version=0\.0\.4/,
    );
  });
});
