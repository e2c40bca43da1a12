/**
 * What the HTTP benchmarks share: a scratch database, the API built and started as production
 * runs it, a lean signed-in HTTP client, the floor of the database, and how results are printed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { createServices } from '../apps/api/src/services.js';
import { flag, freePort, option, textOption } from './bench-options.js';

const MAIN = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One result line: rate, p50 and p99 of sorted latencies. */
export const rateLine = (label: string, perSecond: number, sorted: number[]) =>
  `${label.padEnd(34)} ${perSecond.toFixed(0).padStart(7)}/s   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`;

/** Builds the API with its build.mjs into `dir` (the shared dist is left alone). */
export function buildApi(dir: string) {
  process.stdout.write(`building the API into ${dir}…\n`);
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: fileURLToPath(new URL('../apps/api', import.meta.url)),
    env: { ...process.env, API_OUT_DIR: dir },
    stdio: 'inherit',
  });
}

/** A database of its own on the server at `serverUrl`, dropped by `drop()`. */
async function scratchDatabase(serverUrl: string) {
  const name = `grail_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * The API on `databaseUrl` as production runs it (the bundle, or the sources through tsx when
 * `bundle` is undefined), answering once ready.
 */
export async function startApi(opts: {
  databaseUrl: string;
  appSecret: string;
  pool: number;
  bundle: string | undefined;
  cpuProfDir?: string | undefined;
}): Promise<{ child: ChildProcess; base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const nodeArgs = [
    ...(opts.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProfDir] : []),
    ...(opts.bundle ? [resolve(opts.bundle)] : ['--import', 'tsx', MAIN]),
  ];
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      DATABASE_POOL_SIZE: String(opts.pool),
      APP_SECRET: opts.appSecret,
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
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, stop };
    if (i > 240) {
      await stop();
      throw new Error('the API did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

let keys = 0;
/**
 * One signed-in collector's HTTP client: a kept-alive HTTP/1.1 connection that writes each POST
 * as bytes and reads only the status line and Content-Length of each answer, as load generators
 * such as autocannon do. It shares the two cores with the API and PostgreSQL, so it must cost as
 * little as it can: node:http took 0.2 ms of CPU per purchase, about a tenth of the whole.
 */
export class RawClient {
  private socket: Socket | undefined;
  private pending: { resolve: (status: number) => void; reject: (err: Error) => void } | undefined;
  private received = Buffer.alloc(0);

  constructor(private readonly headers: string) {}

  static signedIn(token: string, csrfToken: string) {
    return new RawClient(
      `authorization: Bearer ${token}\r\nx-csrf-token: ${csrfToken}\r\ncontent-type: application/json\r\n`,
    );
  }

  /** POSTs `body` (JSON text) to `path` with a fresh Idempotency-Key; answers the status. */
  post(base: string, path: string, body: string): Promise<number> {
    const { hostname, port } = new URL(base);
    if (!this.socket) {
      this.socket = connect(Number(port), hostname);
      this.socket.setNoDelay(true);
      this.socket.on('data', (chunk) => this.read(chunk));
      this.socket.on('error', (err) => this.fail(err));
      this.socket.on('close', () => this.fail(new Error('the API closed the connection')));
    }
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket!.write(
        `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${this.headers}` +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          `idempotency-key: bench-${++keys}-${process.pid}\r\n\r\n${body}`,
      );
    });
  }

  /** Answers once the whole of one response (head and Content-Length bytes of body) is in. */
  private read(chunk: Buffer) {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.received.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head}`));
    const end = headEnd + 4 + Number(length[1]);
    if (this.received.length < end) return;
    this.received = this.received.subarray(end);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(Number(head.slice(9, 12)));
  }

  private fail(err: Error) {
    const pending = this.pending;
    this.pending = undefined;
    this.socket?.destroy();
    this.socket = undefined;
    this.received = Buffer.alloc(0);
    pending?.reject(err);
  }

  close() {
    this.socket?.removeAllListeners('close');
    this.socket?.destroy();
  }
}

/**
 * The floor of the database: `callers` over a pool of `pool` for `seconds`, each transaction an
 * UPDATE of one hot row (what any purchase serialised on one row cannot beat).
 */
async function measureFloor(
  databaseUrl: string,
  { callers, pool: size, seconds }: { callers: number; pool: number; seconds: number },
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size });
  // pool.end() resolves before its connections have closed; dropping the scratch database then
  // ends them with an error that, unheard, stopped the benchmark after it had printed.
  pool.on('error', () => undefined);
  await pool.query('create table bench_floor (id int primary key, n bigint not null)');
  await pool.query('insert into bench_floor values (1, 0)');
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
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
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / elapsed, latencies };
}

/**
 * A run's purchases beside the floor of the same database (`callers` over the API's pool), and
 * the ratio of the two.
 */
async function printAgainstFloor(
  databaseUrl: string,
  run: { label: string; rate: number; latencies: number[] },
  floorLoad: { callers: number; pool: number; seconds: number },
) {
  const floor = await measureFloor(databaseUrl, floorLoad);
  process.stdout.write('\n');
  process.stdout.write(`${rateLine(run.label, run.rate, run.latencies)}\n`);
  process.stdout.write(
    `${rateLine('floor: one-row UPDATE transactions', floor.rate, floor.latencies)}\n`,
  );
  process.stdout.write(`ratio purchases/floor: ${(run.rate / floor.rate).toFixed(2)}\n`);
}

/** The scratch database migrated, and the API's services on it to set a benchmark's scene with. */
async function sceneServices(databaseUrl: string, appSecret: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await migrateDatabase(database);
  const config = loadConfig({
    APP_ENV: 'test',
    DATABASE_URL: databaseUrl,
    APP_SECRET: appSecret,
    LOG_LEVEL: 'silent',
  });
  return { database, services: createServices({ config, database }) };
}

/** The PostgreSQL server the benchmarks make their scratch databases on. */
const benchServerUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The API a benchmark runs, as production runs it: built by esbuild into
 * apps/api/.e2e-builds/<name> (the shared dist is left alone), the bundle given with `--api`, or
 * the sources through tsx with `--sources`. `prepare()` builds it when needed.
 */
function apiUnderTest(name: string) {
  const sources = flag('--sources');
  const given = textOption('--api');
  const dir = fileURLToPath(new URL(`../apps/api/.e2e-builds/${name}/api`, import.meta.url));
  return {
    bundle: sources ? undefined : (given ?? resolve(dir, 'main.js')),
    prepare: () => {
      if (!sources && !given) buildApi(dir);
    },
  };
}

/** What a purchase benchmark's scene and measurement get from `purchaseBench`. */
export interface PurchaseBench {
  databaseUrl: string;
  /** The scratch database, migrated; the benchmark closes it once its scene is set. */
  database: Awaited<ReturnType<typeof sceneServices>>['database'];
  services: Awaited<ReturnType<typeof sceneServices>>['services'];
  /** The benchmark's signed-in clients: each is closed after the run. */
  buyers: RawClient[];
  /** `--pool`: the API's database pool, and the floor's. */
  pool: number;
  /** Starts the API on the scratch database as production runs it (`--cpu-prof` profiles it). */
  startApi(): Promise<Awaited<ReturnType<typeof startApi>>>;
  /**
   * Stops the API, then prints the purchases beside the floor of `callers` over the same pool for
   * `--floor-seconds`.
   */
  printAgainstFloor(
    run: { label: string; rate: number; latencies: number[] },
    callers: number,
  ): Promise<void>;
}

/**
 * The frame of bench:packs and bench:market: the API built (or `--api`, `--sources`), a scratch
 * database with the API's services on it for `run` to set its scene up, start the API and
 * measure; then, whatever happened, the buyers closed, the API stopped and the database dropped.
 */
export function purchaseBench(name: string, run: (bench: PurchaseBench) => Promise<void>) {
  const underTest = apiUnderTest(name);
  const pool = option('--pool', 20);
  const floorSeconds = option('--floor-seconds', 5);
  const cpuProfDir = textOption('--cpu-prof');
  const appSecret = randomBytes(32).toString('base64url');
  const main = async () => {
    underTest.prepare();
    const scratch = await scratchDatabase(benchServerUrl);
    const { databaseUrl } = scratch;
    let api: Awaited<ReturnType<typeof startApi>> | undefined;
    const buyers: RawClient[] = [];
    try {
      await run({
        databaseUrl,
        ...(await sceneServices(databaseUrl, appSecret)),
        buyers,
        pool,
        startApi: async () => {
          api = await startApi({
            databaseUrl,
            appSecret,
            pool,
            bundle: underTest.bundle,
            cpuProfDir,
          });
          return api;
        },
        printAgainstFloor: async (result, callers) => {
          // The API stops first: what it still does after the run (the e-mails of a thousand
          // sold notices) took the floor from 1,100 to 430 transactions a second.
          await api?.stop();
          await printAgainstFloor(databaseUrl, result, { callers, pool, seconds: floorSeconds });
        },
      });
    } finally {
      for (const b of buyers) b.close();
      await api?.stop();
      await scratch.drop();
    }
  };
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
