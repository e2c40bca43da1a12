import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/helpers.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.APP_ENV).toBe('production');
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.BUYBACK_PERCENT).toBe(85);
  });

  it('names the variable and the problem in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(/^Invalid configuration: PORT .+/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrowError(
      'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
    );
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrowError(
      /^Invalid configuration: DEMO_DATA /,
    );
  });

  it('turns every feature flag on in development and staging, off in production, each overridable', () => {
    expect(loadConfig({ APP_ENV: 'development' }).flags).toEqual({
      BREAKS_ENABLED: true,
      ADVANCED_ANALYTICS: true,
      DISCORD_INTEGRATION: true,
    });
    expect(loadConfig({ APP_ENV: 'staging' }).flags.BREAKS_ENABLED).toBe(true);
    expect(loadConfig({}).flags).toEqual({
      BREAKS_ENABLED: false,
      ADVANCED_ANALYTICS: false,
      DISCORD_INTEGRATION: false,
    });
    expect(loadConfig({ BREAKS_ENABLED: 'true' }).flags.BREAKS_ENABLED).toBe(true);
    expect(
      loadConfig({ APP_ENV: 'development', DISCORD_INTEGRATION: 'false' }).flags
        .DISCORD_INTEGRATION,
    ).toBe(false);
  });

  it('stops start-up with that one line and a non-zero exit', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/tmp/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid configuration: PORT /);
  });
});
