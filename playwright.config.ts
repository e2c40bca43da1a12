import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './apps/web/e2e/support/env';

// Chosen once in the main process; workers inherit the environment. Global set-up makes the
// database images in E2E_IMAGE_DIR and starts the shared server on E2E_PORT from a copy.
process.env.E2E_PORT ??= String(40_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'grail-e2e-'));
if (!process.env.E2E_IMAGE_DIR) {
  // Made here, so the run removes it at the end (one given from outside is kept for the next run).
  process.env.E2E_IMAGE_DIR = mkdtempSync(join(tmpdir(), 'grail-e2e-image-'));
  process.env.E2E_IMAGE_TEMPORARY = 'true';
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Recording a trace (DOM snapshots and a screencast at every step) took half the suite's CPU;
    // a failure's retry records one, and a local run can ask with --trace on.
    trace: 'on-first-retry',
    // Motion asked away, as the system setting does: pages stop animating spinners, skeletons and
    // the home video, which kept Chromium drawing frames the tests never looked at. The tests of
    // motion itself (the reveal, the home video) ask for it with reducedMotion: 'no-preference'.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  globalSetup: './apps/web/e2e/support/global-setup.ts',
});
