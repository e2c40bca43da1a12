/**
 * Pack-purchase benchmark on PostgreSQL (issue 6):
 *   npm run bench:packs                        uses BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:packs -- --buyers 200 --cards 4000
 *
 * Creates a scratch database, starts a real API process on it, and lets 200 concurrent buyers
 * (each its own signed-in collector) buy packs over HTTP until the case is sold out. It reports
 * successful purchases per second and p50/p99 latency, then the floor of the same database: the
 * same number of callers over a pool of the API's size, each running a transaction that UPDATEs
 * one hot row (every purchase must serialise on its case row, so this is the cost a purchase
 * cannot go below). The ratio purchases/s ÷ floor/s is printed last. The scratch database is dropped.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { createServices } from '../apps/api/src/services.js';
import { users } from '../apps/api/src/db/schema/index.js';
import { createLiveCase, fund } from '../apps/api/src/modules/grail/grail.test-support.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const BUYERS = option('--buyers', 200);
const CARDS = option('--cards', 4000);
const POOL = option('--pool', 20);
const FLOOR_SECONDS = option('--floor-seconds', 5);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_SECRET = randomBytes(32).toString('base64url');
const MAIN = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function main() {
  const name = `grail_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const database = await openDatabase({ databaseUrl, poolSize: 10 });
    await migrateDatabase(database);
    const config = loadConfig({
      APP_ENV: 'test',
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      LOG_LEVEL: 'silent',
    });
    const services = createServices({ config, database });

    process.stdout.write(`setting up ${CARDS} cards and ${BUYERS} funded buyers…\n`);
    const { caseId } = await createLiveCase(database, services.grailAdmin, {
      size: CARDS,
      packPrice: 1,
    });
    const buyers: { headers: Record<string, string> }[] = [];
    const perBuyer = Math.ceil(CARDS / BUYERS) * 4;
    for (let i = 0; i < BUYERS; i++) {
      const [u] = await database.db
        .insert(users)
        .values({
          email: `bench-${i}-${randomUUID()}@example.com`,
          username: `bench_${i}_${randomBytes(3).toString('hex')}`,
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
          displayName: 'Bench Buyer',
          dateOfBirth: '1990-01-01',
          shippingAddress: {
            name: 'B',
            line1: '1 St',
            city: 'C',
            state: 'S',
            postalCode: '12345',
            country: 'US',
          },
          termsAcceptedAt: new Date(),
          termsVersion: 'bench',
        })
        .returning({ id: users.id });
      await fund(database, services.wallet, u!.id, perBuyer * 100);
      const s = await services.sessions.create(u!.id);
      buyers.push({ headers: { authorization: `Bearer ${s.token}`, 'x-csrf-token': s.csrfToken } });
    }
    await database.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(POOL),
        APP_SECRET,
        APP_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PAYMENT_PROVIDER: 'sandbox',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 240) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 250));
    }

    // Warm-up: a few purchases so connections, JIT and plans are ready.
    for (let i = 0; i < 20; i++) await buy(base, caseId, buyers[i % BUYERS]!.headers);

    process.stdout.write(`buying with ${BUYERS} concurrent buyers until sold out…\n`);
    const latencies: number[] = [];
    let soldOut = 0;
    let other = 0;
    const started = performance.now();
    await Promise.all(
      buyers.map(async (b) => {
        for (;;) {
          const t0 = performance.now();
          const status = await buy(base, caseId, b.headers);
          if (status === 201) latencies.push(performance.now() - t0);
          else if (status === 409) {
            soldOut++;
            return;
          } else other++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const rate = latencies.length / seconds;

    const floor = await measureFloor(databaseUrl);
    const line = (label: string, perSecond: number, sorted: number[]) =>
      `${label.padEnd(34)} ${perSecond.toFixed(0).padStart(7)}/s   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`;
    process.stdout.write('\n');
    process.stdout.write(`${line(`pack purchases (${latencies.length} ok)`, rate, latencies)}\n`);
    process.stdout.write(
      `${line('floor: one-row UPDATE transactions', floor.rate, floor.latencies)}\n`,
    );
    process.stdout.write(`ratio purchases/floor: ${(rate / floor.rate).toFixed(2)}\n`);
    process.stdout.write(
      `(${BUYERS} concurrent callers, pool ${POOL}; ${soldOut} sold-out answers, ${other} other)\n`,
    );
    if (other > 0) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

let keys = 0;
async function buy(base: string, caseId: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/api/grail-cases/${caseId}/packs`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'idempotency-key': `bench-${++keys}-${process.pid}`,
    },
    body: '{}',
  });
  await res.arrayBuffer();
  return res.status;
}

/** The same callers over a pool of the API's size, each transaction updating one hot row. */
async function measureFloor(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
  await pool.query('create table bench_floor (id int primary key, n bigint not null)');
  await pool.query('insert into bench_floor values (1, 0)');
  const latencies: number[] = [];
  const deadline = performance.now() + FLOOR_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('update bench_floor set n = n + 1 where id = 1');
          await client.query('commit');
        } finally {
          client.release();
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, latencies };
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
