/**
 * A cluster on this machine, as docs/operations.md deploys one: built API instances on one scratch
 * PostgreSQL database, behind nginx running deploy/nginx.conf with local ports and paths. Shared
 * by `npm run demo:cluster` and `npm run bench:rolling`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const API_MAIN = resolve(ROOT, 'apps/api/dist/main.js');
const NGINX_TEMPLATE = resolve(ROOT, 'deploy/nginx.conf');
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What is missing before a cluster can start, as the command that fixes it; undefined when nothing is. */
export function missingPrerequisite() {
  if (spawnSync('nginx', ['-v']).error) return 'nginx is not installed: apt-get install -y nginx';
  if (!existsSync(API_MAIN)) return `${API_MAIN} is missing: npm run build`;
  return undefined;
}

/** A new, empty database on the server of DATABASE_URL (or the local one); `drop` removes it. */
export async function createScratchDatabase(prefix = 'grail_cluster') {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `url` answers 200; rejects when the process exits first or a minute passes. */
async function waitReady(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} was not ready within a minute`);
}

/**
 * One API instance: `node apps/api/dist/main.js` on `port`, its log appended to `logFile`.
 * `start` resolves once /api/ready says 200; `stop` sends SIGTERM and resolves with the exit code.
 */
export class Instance {
  constructor(port, env, logFile) {
    this.port = port;
    this.env = env;
    this.logFile = logFile;
    this.child = undefined;
  }

  async start() {
    const log = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [API_MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
      // Its own process group: a Ctrl-C in the terminal reaches only the script, which stops
      // nginx first and then each instance.
      detached: true,
    });
    this.exited = new Promise((done) => this.child.once('exit', (code) => done(code)));
    await waitReady(`http://127.0.0.1:${this.port}/api/ready`, this.child);
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return this.child?.exitCode ?? null;
    this.child.kill('SIGTERM');
    return this.exited;
  }
}

/**
 * deploy/nginx.conf with this machine's ports, and every path nginx writes (pid, logs, temp
 * files) in `dir`, so it runs without root-owned paths. A directive the template no longer has
 * is an error: the demo must run the file operators are given.
 */
export function nginxConfig(template, { dir, listenPort, upstreamPorts }) {
  const replace = (text, pattern, value) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no ${pattern}`);
    return text.replace(pattern, value);
  };
  // Run as root, the workers take the `user` of the file; they must be able to write in `dir`.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : '';
  let text = replace(template, /^user .*;$/m, user);
  text = replace(text, /^pid .*;$/m, `pid ${dir}/nginx.pid;`);
  text = replace(text, /^error_log .*;$/m, `error_log ${dir}/error.log warn;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${dir}/${kind};`)
    .join('\n');
  text = replace(
    text,
    /^( *)access_log .*;$/m,
    (_, indent) => `${indent}access_log ${dir}/access.log upstreams;\n${temp}`,
  );
  text = replace(text, /listen 80;/, `listen 127.0.0.1:${listenPort};`);
  const servers = [...text.matchAll(/server 127\.0\.0\.1:\d+ /g)];
  if (servers.length !== upstreamPorts.length) {
    throw new Error(
      `deploy/nginx.conf has ${servers.length} upstream servers, not ${upstreamPorts.length}`,
    );
  }
  let i = 0;
  return text.replace(/server 127\.0\.0\.1:\d+ /g, () => `server 127.0.0.1:${upstreamPorts[i++]} `);
}

/** nginx in the foreground with its own prefix in `dir`; resolves once it answers on `listenPort`. */
async function startNginx(dir, listenPort, upstreamPorts) {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), { dir, listenPort, upstreamPorts }),
  );
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf];
  const test = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused ${conf}:\n${test.stderr}`);
  const child = spawn('nginx', [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((done) => child.once('exit', (code) => done(code)));
  await waitReady(`http://127.0.0.1:${listenPort}/api/health`, child);
  return {
    conf,
    async stop() {
      if (child.exitCode !== null) return;
      // SIGQUIT: a graceful stop; the workers finish the requests they hold.
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * Starts the instances on `ports`, all with the same database and APP_SECRET, then nginx on
 * `listenPort` in front of them. `env` adds to (or overrides) the instances' environment;
 * `metricsPorts`, one per instance, serves each one's Prometheus metrics (METRICS_PORT).
 * Everything nginx and the instances write goes to a new temporary directory.
 */
export async function startCluster({
  databaseUrl,
  ports,
  listenPort,
  env = {},
  metricsPorts = [],
}) {
  const dir = mkdtempSync(join(tmpdir(), 'grail-cluster-'));
  mkdirSync(join(dir, 'logs'));
  const url = `http://127.0.0.1:${listenPort}`;
  const shared = {
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
    // Production as `npm start` runs it: sandbox payments, links to the nginx address.
    APP_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_URL: url,
    ...env,
  };
  const instances = ports.map(
    (port, i) =>
      new Instance(
        port,
        metricsPorts[i] ? { ...shared, METRICS_PORT: String(metricsPorts[i]) } : shared,
        join(dir, 'logs', `api-${port}.log`),
      ),
  );
  const stopInstances = () => Promise.all(instances.map((i) => i.stop()));
  try {
    // One after the other: the first migrates a fresh database while the second would wait anyway.
    for (const instance of instances) await instance.start();
    const nginx = await startNginx(dir, listenPort, ports);
    return {
      url,
      dir,
      instances,
      async stop() {
        await nginx.stop();
        await stopInstances();
      },
    };
  } catch (err) {
    await stopInstances();
    throw err;
  }
}
