import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/helpers.js';
import { answers, freePort, spawnApi } from '../test/processes.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('the server process', () => {
  it('starts on an empty data dir, turns ready, serves metrics, and shuts down cleanly on SIGTERM', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = spawnApi(port, {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'grail-main-')),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      APP_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: String(metricsPort),
    });
    try {
      expect(await answers(server, '/api/health')).toBe(true);
      const health = await fetch(`${server.url}/api/health`).then((r) => r.json());
      expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
      expect(await answers(server, '/api/ready')).toBe(true);
      // Metrics on their own loopback port, with the readiness check just made among them.
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
      expect(scrape).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} 1$/m,
      );
      expect(scrape).toMatch(/^process_resident_memory_bytes \d+/m);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      // A failed check must not leave the server running after the suite.
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 120_000);
});
