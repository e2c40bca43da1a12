import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * Real API processes (`node --import tsx src/main.ts`) on a shared PostgreSQL test database, for
 * the suites that kill, restart or race instances.
 */

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const APP_SECRET = 'test-secret-test-secret-test-secret-0123';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** A real API process (`node --import tsx src/main.ts`) on the shared test database. */
export async function startServer(databaseUrl: string, port?: number): Promise<Server> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '8',
      APP_SECRET,
      APP_ENV: 'test',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${p}`;
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('API process did not start');
}
