import { existsSync } from 'node:fs';

/** The system Chromium; nothing here ever downloads a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: install it with "apt-get install -y chromium" or set CHROME_PATH.`,
    );
  }
  return path;
}

/** Environment for a test server: quiet logs, relaxed rate limits, demo data on. */
export function serverEnv(overrides: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...overrides })) {
    if (value !== undefined) env[key] = value;
  }
  delete env.DATABASE_URL;
  if (process.env.E2E_WEB_DIST) env.WEB_DIST_DIR = process.env.E2E_WEB_DIST;
  return {
    ...env,
    APP_ENV: overrides.APP_ENV ?? 'test',
    LOG_LEVEL: overrides.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_SCALE: overrides.RATE_LIMIT_SCALE ?? '100',
    DEMO_DATA: overrides.DEMO_DATA ?? 'true',
    // No balancer in front of a test server: it stops listening at once when a spec ends.
    DRAIN_ACCEPT_SECONDS: overrides.DRAIN_ACCEPT_SECONDS ?? '0',
    HOST: '127.0.0.1',
  };
}

/**
 * How long a cold load of a page may take to show its heading: it fetches its code, then renders;
 * on the 2-core CI box, with the other worker busy, that has taken more than expect's default 10 s.
 */
export const COLD_PAGE_TIMEOUT_MS = 30_000;
