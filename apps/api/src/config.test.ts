import { describe, expect, inject, it } from 'vitest';
import { testEngine } from '../test/helpers.js';
import { execFile } from 'node:child_process';
import { loadConfig } from './config.js';

/** What a production deployment must name itself. */
const production = {
  PUBLIC_URL: 'https://grail.example',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig(production);
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.APP_ENV).toBe('production');
    expect(config.BUYBACK_PERCENT).toBe(85);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.API_DOCS).toBe(false);
    expect(loadConfig({ APP_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).API_DOCS).toBe(true);
  });

  it('names the variable and the problem in one line', () => {
    expect(() => loadConfig({ ...production, PORT: 'abc' })).toThrowError(
      /^Invalid configuration: PORT .+$/,
    );
    expect(() =>
      loadConfig({ ...production, APP_SECRET: 'x'.repeat(32), DATABASE_URL: 'mysql://x' }),
    ).toThrowError(
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    );
    expect(() => loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDER: 'stripe' })).toThrowError(
      /STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ ...production, DEMO_DATA: 'yes' })).toThrowError(
      /^Invalid configuration: DEMO_DATA /,
    );
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DEMO_DATA: 'yes' })).toThrowError(
      /^Invalid configuration:\n {2}PORT .+\n {2}DEMO_DATA .+\n {2}PUBLIC_URL .+\n {2}PAYMENT_PROVIDER .+$/,
    );
  });

  it('refuses production without PUBLIC_URL or an explicitly named payment provider', () => {
    expect(() => loadConfig({})).toThrowError(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({})).toThrowError(/PAYMENT_PROVIDER is required in production/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://grail.example' })).toThrowError(
      /^Invalid configuration: PAYMENT_PROVIDER is required in production/,
    );
    // The sandbox is there when asked for by name.
    const demo = loadConfig({ PUBLIC_URL: 'https://grail.example/', PAYMENT_PROVIDER: 'sandbox' });
    expect(demo.PAYMENT_PROVIDER).toBe('sandbox');
    expect(demo.PUBLIC_URL).toBe('https://grail.example');
    // Elsewhere it is the default, and links point at this machine.
    const dev = loadConfig({ APP_ENV: 'development', PORT: '4000' });
    expect(dev.PAYMENT_PROVIDER).toBe('sandbox');
    expect(dev.PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('takes TRUST_PROXY as a hop count or a list of proxies, never as "trust everyone"', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(
      ['10.0.0.0/8', '127.0.0.1'],
    );
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrowError(
      /^Invalid configuration: TRUST_PROXY must be false, a hop count/,
    );
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'everyone' })).toThrowError(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });

  it('turns every feature flag on in development and staging, off in production, each overridable', () => {
    expect(loadConfig({ APP_ENV: 'development' }).flags).toEqual({
      BREAKS_ENABLED: true,
      ADVANCED_ANALYTICS: true,
      DISCORD_INTEGRATION: true,
    });
    expect(loadConfig({ APP_ENV: 'staging' }).flags.BREAKS_ENABLED).toBe(true);
    expect(loadConfig(production).flags).toEqual({
      BREAKS_ENABLED: false,
      ADVANCED_ANALYTICS: false,
      DISCORD_INTEGRATION: false,
    });
    expect(loadConfig({ ...production, BREAKS_ENABLED: 'true' }).flags.BREAKS_ENABLED).toBe(true);
    expect(
      loadConfig({ APP_ENV: 'development', DISCORD_INTEGRATION: 'false' }).flags
        .DISCORD_INTEGRATION,
    ).toBe(false);
  });

  it('stops start-up naming every problem and exits non-zero', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: 'not-a-port',
      DATA_DIR: '/tmp/never-created',
    };
    for (const key of ['APP_ENV', 'PUBLIC_URL', 'PAYMENT_PROVIDER']) delete env[key];
    // The production bundle, started without blocking this worker: a synchronous spawn holds the
    // thread that also answers Vitest, which fails the whole run after 60 s without an answer.
    const run = await new Promise<{ code: unknown; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [inject('apiBundle')],
        { env, encoding: 'utf8', timeout: 30_000 },
        (error, _stdout, stderr) => resolve({ code: error ? error.code : 0, stderr }),
      );
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(' ')[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'PAYMENT_PROVIDER',
    ]);
  });
});
