/**
 * Hot-read benchmark on PostgreSQL (issue 20):
 *   npm run bench:reads                          uses BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:reads -- --seconds 5 --connections 50 --rounds 1
 *   npm run bench:reads -- --api <dir>/main.js    runs that bundle instead of building one
 *
 * Builds the API into apps/api/.e2e-builds/speed (the shared dist is left alone), creates a scratch
 * database, and starts the built app on it as a new user would (demo data, default log level). A
 * bare Fastify process then answers each public read with the very bytes the app sent. autocannon
 * runs against each endpoint and its bare twin alternately, in one run, and the table gives req/s,
 * p99 and the ratio app ÷ bare per endpoint. The scratch database is dropped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, option, textOption } from './bench-options.js';

// Three short runs each, app and bare alternating, so a burst of other work on a shared box
// weighs on both sides rather than on one run.
const SECONDS = option('--seconds', 3);
const CONNECTIONS = option('--connections', 50);
const ROUNDS = option('--rounds', 3);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = resolve(ROOT, 'apps/api/.e2e-builds/speed/api');

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 480; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** The bare twin: Fastify with nothing but one route per path, each sending fixed JSON bytes. */
const BARE_SERVER = `
import Fastify from 'fastify';
const answers = JSON.parse(process.env.BARE_ANSWERS);
const app = Fastify();
for (const [path, body] of Object.entries(answers)) {
  const bytes = Buffer.from(body);
  app.get(path, (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Result {
  rate: number;
  p99: number;
  errors: number;
}

async function load(url: string): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    rate: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

async function main() {
  const bundle = textOption('--api') ?? resolve(BUILD_DIR, 'main.js');
  if (!textOption('--api')) {
    process.stdout.write(`building the API into ${BUILD_DIR}…\n`);
    execFileSync(process.execPath, ['build.mjs'], {
      cwd: resolve(ROOT, 'apps/api'),
      env: { ...process.env, API_OUT_DIR: BUILD_DIR },
      stdio: 'inherit',
    });
  }

  const name = `grail_reads_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  try {
    const appPort = await freePort();
    const app = spawn(process.execPath, [bundle], {
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        APP_SECRET: randomBytes(32).toString('base64url'),
        APP_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${appPort}`,
        PAYMENT_PROVIDER: 'sandbox',
        DEMO_DATA: 'true',
      },
      // Its request log is part of what it costs; the terminal need not show it.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(app);
    const appBase = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appBase}/api/ready`, app);

    const paths = [
      '/api/grail-cases/active',
      '/api/grail-cases/recent-pulls?limit=10',
      '/api/products/store-items?limit=4&sort=createdAt&order=desc',
      '/api/products/carousel-cards?limit=12&minFmv=0',
      '/api/config',
      '/api/maintenance/status',
    ];
    const store = (await (await fetch(`${appBase}${paths[2]}`)).json()) as {
      products: { _id: string }[];
    };
    const productId = store.products[0]?._id;
    if (productId) paths.push(`/api/products/${productId}`);

    const answers: Record<string, string> = {};
    for (const path of paths) {
      const res = await fetch(`${appBase}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      answers[path.split('?')[0]!] = await res.text();
    }
    const barePort = await freePort();
    const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(barePort), BARE_ANSWERS: JSON.stringify(answers) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(bare);
    const bareBase = `http://127.0.0.1:${barePort}`;
    await waitFor(`${bareBase}/api/config`, bare);

    process.stdout.write(
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, app and bare alternately (${ROUNDS} round${ROUNDS > 1 ? 's' : ''}); ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}\n`,
    );
    // Warm-up: JIT, connections and the app's first reads.
    for (const path of paths) {
      await autocannon({ url: `${appBase}${path}`, connections: 10, duration: 1 });
      await autocannon({ url: `${bareBase}${path}`, connections: 10, duration: 1 });
    }
    const rows: string[] = [];
    let met = true;
    for (const path of paths) {
      const appRuns: Result[] = [];
      const bareRuns: Result[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        appRuns.push(await load(`${appBase}${path}`));
        bareRuns.push(await load(`${bareBase}${path}`));
      }
      const mean = (runs: Result[], key: keyof Result) =>
        runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
      const ratio = mean(appRuns, 'rate') / mean(bareRuns, 'rate');
      const errors = mean(appRuns, 'errors') + mean(bareRuns, 'errors');
      if (ratio < 0.5 || errors > 0) met = false;
      const label = productId ? path.replace(productId, '{id}') : path;
      rows.push(
        `| \`GET ${label}\` | ${Math.round(mean(appRuns, 'rate')).toLocaleString('en-US')} | ${mean(appRuns, 'p99').toFixed(0)} ms | ${Math.round(mean(bareRuns, 'rate')).toLocaleString('en-US')} | ${mean(bareRuns, 'p99').toFixed(0)} ms | **${ratio.toFixed(2)}**${errors > 0 ? ` (${errors} errors)` : ''} |`,
      );
      process.stdout.write(`${rows.at(-1)}\n`);
    }
    process.stdout.write(
      `\n| endpoint | app req/s | app p99 | bare req/s | bare p99 | ratio |\n| --- | ---: | ---: | ---: | ---: | ---: |\n${rows.join('\n')}\n`,
    );
    process.stdout.write(
      `\ngoal (ratio ≥ 0.5 on every endpoint, no errors): ${met ? 'met' : 'NOT met'}; load average now ${loadavg()[0]!.toFixed(1)}\n`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) =>
        c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve(),
      ),
    );
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}

await main();
