import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv } from './env';

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built app (npm start's server) on a free port with a fresh DATA_DIR, for tests that
 * need a server of their own (maintenance on, flags on, ...). Waits for /api/health.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** How long the server may take to answer (loading the demo data draws its card art). */
  startTimeoutMs = 90_000,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grail-e2e-own-'));
  const child = spawn(process.execPath, [process.env.E2E_API_ENTRY ?? 'apps/api/dist/main.js'], {
    env: serverEnv({ DEMO_DATA: 'false', ...env, PORT: String(port), DATA_DIR: dataDir }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited: ${stderr}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`test server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
