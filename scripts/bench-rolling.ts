/**
 * Rolling restart under load (issue 37):
 *   npm run bench:rolling                      uses DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:rolling -- --seconds 10 --buyers 20 --readers 20 --cards 5000
 *
 * Starts the cluster of `npm run demo:cluster` (two built instances behind nginx running
 * deploy/nginx.conf) on a scratch database holding one live case and N funded collectors. Through
 * nginx, readers load the home page's reads and buyers buy packs with an Idempotency-Key, for
 * `--seconds`; then each instance in turn gets SIGTERM, exits, starts again and is waited for until
 * ready, while the load goes on; then `--seconds` more. It prints the requests sent, the failed
 * ones (a network error or a 5xx left after the client's retries), the purchases acknowledged and
 * those in the database, and p50/p99 during the restart and outside it. Exit code 1 when a request
 * failed or a purchase was acknowledged but is not in the database (or the reverse).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { REQUEST_TIMEOUT_MS } from '@grail/contract';
import { freePort, option } from './bench-options.js';
import { createScratchDatabase, missingPrerequisite, startCluster } from './cluster.mjs';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { createServices } from '../apps/api/src/services.js';
import { createLiveCase, purchaseInvariants } from '../apps/api/test/fixtures/grail.js';
import { fundedBuyer } from './bench-buyers.js';

const SECONDS = option('--seconds', 10);
const BUYERS = option('--buyers', 20);
const READERS = option('--readers', 20);
const CARDS = option('--cards', 5_000);
/** Each visitor's pause between two requests: a steady load, not a saturating one. */
const PAUSE_MS = option('--pause-ms', 50);
/** How often a collector presses Pay again after a failed purchase, and how long they wait. */
const PURCHASE_RETRIES = option('--purchase-retries', 3);
const PURCHASE_RETRY_MS = 500;
/**
 * How long to keep a restarted instance in before stopping the next: nginx takes an instance back
 * only after its fail_timeout (deploy/nginx.conf), with a request that succeeds.
 */
const SETTLE_SECONDS = option('--settle-seconds', 3);

// The home page's first screen (features/home/api/prefetchFirstScreen.ts and useNewArrivals.ts).
const READS = [
  '/api/grail-cases/active',
  '/api/grail-cases/recent-pulls?limit=10',
  '/api/products/carousel-cards?limit=12&minFmv=0',
  '/api/products/store-items?limit=4&sort=createdAt&order=desc',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One answer's status; 0 for a network error (refused, reset, timed out). */
type Status = number;

class Client {
  private readonly agent = new Agent({ keepAlive: true });
  constructor(private readonly base: URL) {}

  send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    return new Promise<Status>((resolve) => {
      const req = httpRequest(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: { accept: 'application/json', ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

interface Sample {
  kind: 'read' | 'purchase';
  at: number;
  ms: number;
}

const totals = {
  reads: 0,
  purchases: 0,
  attempts: 0,
  failed: [] as string[],
  acknowledged: 0,
  soldOut: 0,
  noFunds: 0,
  retriedPurchases: 0,
  otherRefusals: new Map<number, number>(),
  samples: [] as Sample[],
};

const isServerTrouble = (s: Status) => s === 0 || s === 502 || s === 503 || s === 504;

/**
 * A visitor's read, retried as the web app's queries do (lib/api/retry.ts retryServerErrorsOnce):
 * once after a 5xx or a timeout, never after a network error.
 */
async function read(client: Client, path: string) {
  const t0 = performance.now();
  let status = await client.send('GET', path);
  totals.attempts++;
  if (status >= 500) {
    status = await client.send('GET', path);
    totals.attempts++;
  }
  totals.reads++;
  totals.samples.push({ kind: 'read', at: t0, ms: performance.now() - t0 });
  if (status === 0 || status >= 500)
    totals.failed.push(`GET ${path}: ${status || 'network error'}`);
}

/**
 * A purchase as the web app makes it (features/grail-machine/api/useBuyPack.ts): one
 * Idempotency-Key per confirmation. The app does not resend by itself; its dialog shows the
 * error and keeps the key, so pressing Pay again sends the same key, which is what is done here
 * after a network error, 502, 503 or 504.
 */
async function purchase(client: Client, caseId: string, headers: Record<string, string>) {
  const key = randomUUID();
  const t0 = performance.now();
  let status: Status = 0;
  for (let attempt = 0; attempt <= PURCHASE_RETRIES; attempt++) {
    if (attempt > 0) await sleep(PURCHASE_RETRY_MS);
    status = await client.send(
      'POST',
      `/api/grail-cases/${caseId}/packs`,
      { ...headers, 'idempotency-key': key },
      '{}',
    );
    totals.attempts++;
    if (!isServerTrouble(status)) break;
    if (attempt === 0) totals.retriedPurchases++;
  }
  totals.purchases++;
  totals.samples.push({ kind: 'purchase', at: t0, ms: performance.now() - t0 });
  if (status === 201) totals.acknowledged++;
  else if (status === 409) totals.soldOut++;
  else if (status === 402) totals.noFunds++;
  else if (status === 0 || status >= 500)
    totals.failed.push(`POST packs: ${status || 'network error'}`);
  else totals.otherRefusals.set(status, (totals.otherRefusals.get(status) ?? 0) + 1);
}

async function main() {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  const scratch = await createScratchDatabase('grail_rolling');
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  const clients: Client[] = [];
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    await migrateDatabase(database);
    const appSecret = randomBytes(32).toString('base64url');
    const config = loadConfig({
      APP_ENV: 'test',
      DATABASE_URL: scratch.url,
      APP_SECRET: appSecret,
      LOG_LEVEL: 'silent',
    });
    const services = createServices({ config, database });
    process.stdout.write(`setting up a live case of ${CARDS} cards and ${BUYERS} funded buyers…\n`);
    const { caseId } = await createLiveCase(database, services.grailAdmin, {
      size: CARDS,
      packPrice: 1,
    });
    const buyerHeaders: Record<string, string>[] = [];
    for (let i = 0; i < BUYERS; i++) {
      // Enough for every card of the case: a buyer never runs short.
      const s = await fundedBuyer(database, services, {
        label: `rolling_${i}`,
        cents: CARDS * 100,
      });
      buyerHeaders.push({
        authorization: `Bearer ${s.token}`,
        'x-csrf-token': s.csrfToken,
        'content-type': 'application/json',
      });
    }

    const ports = [await freePort(), await freePort()];
    cluster = await startCluster({
      databaseUrl: scratch.url,
      ports,
      listenPort: await freePort(),
      // The load comes from one address; the limits per client would refuse it.
      env: { APP_SECRET: appSecret, DEMO_DATA: 'false', RATE_LIMIT_SCALE: '100000' },
    });
    process.stdout.write(
      `cluster: nginx ${cluster.url} in front of :${ports.join(' and :')}; logs in ${cluster.dir}\n`,
    );

    const base = new URL(cluster.url);
    let running = true;
    const visitor = async (work: (client: Client) => Promise<void>) => {
      const client = new Client(base);
      clients.push(client);
      while (running) {
        await work(client);
        await sleep(PAUSE_MS);
      }
    };
    const load = Promise.all([
      ...buyerHeaders.map((headers) => visitor((c) => purchase(c, caseId, headers))),
      ...Array.from({ length: READERS }, (_, i) =>
        visitor((c) => read(c, READS[i % READS.length]!)),
      ),
    ]);

    process.stdout.write(`steady load for ${SECONDS} s…\n`);
    await sleep(SECONDS * 1000);
    const restartStart = performance.now();
    const restarts: string[] = [];
    for (const instance of cluster.instances) {
      const t0 = performance.now();
      const code = await instance.stop();
      const t1 = performance.now();
      await instance.start();
      const t2 = performance.now();
      restarts.push(
        `  :${instance.port}: SIGTERM → exit ${code} after ${((t1 - t0) / 1000).toFixed(1)} s, ready again ${((t2 - t1) / 1000).toFixed(1)} s later`,
      );
      if (code !== 0) totals.failed.push(`instance :${instance.port} exited ${code}`);
      await sleep(SETTLE_SECONDS * 1000);
    }
    const restartEnd = performance.now();
    process.stdout.write(`${restarts.join('\n')}\nsteady load for ${SECONDS} s more…\n`);
    await sleep(SECONDS * 1000);
    running = false;
    await load;

    const inv = await purchaseInvariants(database, caseId);
    await database.close();
    // A request nginx sent to a second instance logs both upstream statuses ("502, 201").
    const resent = readFileSync(`${cluster.dir}/access.log`, 'utf8')
      .split('\n')
      .filter((l) => /"[^"]*, [^"]*"$/.test(l)).length;
    report({ restartStart, restartEnd, inDatabase: inv.pulls.n, resent });
    const broken =
      inv.debitsWithoutPull + inv.pullsWithoutDebit + inv.walletsOff + inv.cardsNotPulled > 0 ||
      inv.counter.pulls_count !== inv.pulls.n;
    if (broken) process.stdout.write(`purchase invariants broken: ${JSON.stringify(inv)}\n`);
    if (totals.failed.length > 0 || totals.acknowledged !== inv.pulls.n || broken) {
      process.exitCode = 1;
    }
  } finally {
    for (const c of clients) c.close();
    await cluster?.stop();
    await scratch.drop();
  }
}

function report({
  restartStart,
  restartEnd,
  inDatabase,
  resent,
}: {
  restartStart: number;
  restartEnd: number;
  inDatabase: number;
  resent: number;
}) {
  const during = (s: Sample) => s.at >= restartStart && s.at < restartEnd;
  const line = (label: string, samples: Sample[]) => {
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    return `${label.padEnd(38)} ${String(sorted.length).padStart(7)}   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`;
  };
  const window = `${((restartEnd - restartStart) / 1000).toFixed(1)} s`;
  const latencies = (['read', 'purchase'] as const).flatMap((kind) => {
    const of = totals.samples.filter((s) => s.kind === kind);
    return [
      line(`${kind}s during the restart (${window})`, of.filter(during)),
      line(
        `${kind}s outside it`,
        of.filter((s) => !during(s)),
      ),
    ];
  });
  const row = (label: string, value: string) => `${label.padEnd(38)} ${value}`;
  const refusals = [...totals.otherRefusals].map(([s, n]) => `${n} × ${s}`).join(', ') || 'none';
  const rows = [
    '',
    row(
      'requests sent',
      `${totals.reads + totals.purchases} (${totals.reads} reads, ${totals.purchases} purchases; ${totals.attempts} with the retries)`,
    ),
    row('failed requests', `${totals.failed.length}`),
    row('purchases acknowledged (201)', `${totals.acknowledged}`),
    row('purchases in the database', `${inDatabase}`),
    row('purchases sent again by buyers', `${totals.retriedPurchases}`),
    row('requests nginx resent', `${resent}`),
    row(
      'sold out (409) / no funds (402)',
      `${totals.soldOut} / ${totals.noFunds}; other refusals: ${refusals}`,
    ),
    ...latencies,
  ];
  const failures = [...new Set(totals.failed)].slice(0, 10);
  if (failures.length) rows.push(`failures (first kinds): ${failures.join('; ')}`);
  process.stdout.write(`${rows.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
