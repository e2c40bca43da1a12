import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';

/*
 * Real API processes: the production bundle of `src/main.ts` (built once per run by
 * `api-bundle.ts`), for the suites that start, kill, restart or race instances.
 */

export const APP_SECRET = 'test-secret-test-secret-test-secret-0123';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Spawns the API with `env` added to this process's environment; it is not waited for. */
export function spawnApi(port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, [inject('apiBundle')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { url: `http://127.0.0.1:${port}`, child, exited };
}

/** Polls `path` until it answers 200 or the process ends; false after about a minute. */
export async function answers(server: Server, path: string): Promise<boolean> {
  for (let i = 0; i < 240 && server.child.exitCode === null; i++) {
    const ok = await fetch(server.url + path)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** A ready API process on the shared PostgreSQL test database. */
export async function startServer(
  databaseUrl: string,
  opts: { port?: number; env?: Record<string, string> } = {},
): Promise<Server> {
  const server = spawnApi(opts.port ?? (await freePort()), {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '8',
    APP_SECRET,
    APP_ENV: 'test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    ...opts.env,
  });
  if (await answers(server, '/api/ready')) return server;
  server.child.kill('SIGKILL');
  throw new Error('API process did not start');
}
