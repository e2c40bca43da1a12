import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/helpers.js';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('the server process', () => {
  it('starts on an empty data dir, turns ready, serves metrics, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'grail-main-'));
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        APP_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: String(metricsPort),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    let health: unknown;
    // Up to a minute: on a busy 2-core CI box, tsx and PGlite's first migration are slow to start.
    for (let i = 0; i < 240 && !health && child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.json())
        .catch(() => undefined);
    }
    expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
    let ready = 0;
    for (let i = 0; i < 240 && ready !== 200; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status);
      if (ready !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready).toBe(200);
    // Metrics on their own loopback port, with the readiness checks just made among them.
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    expect(scrape).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} 1$/m,
    );
    expect(scrape).toMatch(/^process_resident_memory_bytes \d+/m);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
