import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
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

/** The database images global set-up makes once per run (see db-image.ts). */
export type ImageKind = 'demo' | 'plain';

export function imagePath(kind: ImageKind): string {
  const root = process.env.E2E_IMAGE_DIR;
  if (!root) throw new Error('E2E_IMAGE_DIR is not set: run the browser tests through playwright');
  return join(root, kind);
}

/**
 * Runs the built app (npm start's server) on `port` with `dataDir`, and waits until it is ready (/api/ready).
 * `env` is passed through serverEnv, so DEMO_DATA is on unless it says otherwise.
 */
export async function launchServer(opts: {
  env: Record<string, string>;
  port: number;
  dataDir: string;
  /** How long the server may take to answer (loading the demo data draws its card art). */
  startTimeoutMs: number;
  /** Removed when the server stops. */
  removeDataDir?: boolean;
}): Promise<RunningServer> {
  const child = spawn(process.execPath, [process.env.E2E_API_ENTRY ?? 'apps/api/dist/main.js'], {
    env: serverEnv({ ...opts.env, PORT: String(opts.port), DATA_DIR: opts.dataDir }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const baseURL = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + opts.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited: ${stderr}`);
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`test server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A shutdown that hangs (seen once on a loaded machine) must not fail the suite's
        // afterAll: it is told on stderr and the process is killed.
        const stuck = setTimeout(() => {
          process.stderr.write(`test server ${baseURL} did not stop within 20 s of SIGTERM\n`);
          child.kill('SIGKILL');
        }, 20_000);
        await exited;
        clearTimeout(stuck);
      }
      if (opts.removeDataDir) rmSync(opts.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built app on a free port for tests that need a server of their own (maintenance on,
 * flags on, ...), from a copy of the run's migrated database image: with the demo catalogue when
 * DEMO_DATA is 'true', else without it (the default here). Waits until it is ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  startTimeoutMs = 90_000,
): Promise<RunningServer> {
  const withDemo = env.DEMO_DATA === 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'grail-e2e-own-'));
  cpSync(imagePath(withDemo ? 'demo' : 'plain'), dataDir, { recursive: true });
  return launchServer({
    env: { DEMO_DATA: 'false', ...env },
    port: await freePort(),
    dataDir,
    startTimeoutMs,
    removeDataDir: true,
  });
}

/** A fresh visitor's page on `server`, with the sign-up prompt already dismissed. */
export async function visitorPage(
  browser: Browser,
  server: RunningServer,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
  return page;
}
