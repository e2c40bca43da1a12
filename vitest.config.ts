import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// How the API suites are split (docs/testing.md). Paths are relative to apps/api; a file named
// here that does not exist stops the run, so a moved suite cannot silently leave its list.

/**
 * Suites that open no test database and build no app: rules, parsers, configuration, the source
 * scan, and the server process on a PGlite of its own (the same on either engine). They run once,
 * in threads without isolation (none keeps module state or mocks a module).
 */
const NO_DATABASE = [
  'src/config.test.ts',
  'src/db/reads.test.ts',
  'src/lib/sealed-box.test.ts',
  'src/main.test.ts',
  'src/modules/breaks/fairness.test.ts',
  'src/modules/discord/embed.test.ts',
  'src/modules/grail/fairness.test.ts',
  'src/modules/grail/purchase/purchase-groups.test.ts',
  'src/modules/limits/limits.rules.test.ts',
  'test/architecture.test.ts',
];

/**
 * Database suites whose outcome the engine can change, so they run on PGlite and on PostgreSQL:
 * migrations and triggers, raw SQL (the one-round-trip purchase, limits, analytics, the store's
 * plan), 64-bit amounts through each driver, row locks under concurrency, SKIP LOCKED claims,
 * and LISTEN/NOTIFY between instances. Every other database suite runs once.
 */
const BOTH_ENGINES = [
  'src/db/batch.test.ts',
  'src/db/migrate.test.ts',
  'src/db/statements.test.ts',
  'src/http/hot-reads.test.ts',
  'src/modules/analytics/analytics.test.ts',
  'src/modules/auth/email-change.test.ts',
  'src/modules/auth/session-cache.test.ts',
  'src/modules/breaks/breaks.concurrency.test.ts',
  'src/modules/catalog/catalog.test.ts',
  'src/modules/drops/drops.instances.test.ts',
  'src/modules/drops/drops.test.ts',
  'src/modules/grail/grail.auto-sell.test.ts',
  'src/modules/grail/grail.commitments.test.ts',
  'src/modules/grail/grail.concurrency.test.ts',
  'src/modules/grail/grail.purchase-groups.test.ts',
  'src/modules/grail/grail.quick-purchase.test.ts',
  'src/modules/limits/limits.test.ts',
  'src/modules/market/market.test.ts',
  'src/modules/market/trades.test.ts',
  'src/modules/notifications/notifications.events.test.ts',
  'src/modules/orders/orders.concurrency.test.ts',
  'src/modules/outbox/outbox.test.ts',
  'src/modules/vault/vault.concurrency.test.ts',
  'src/modules/wallet/wallet.large-amounts.test.ts',
  'src/modules/wallet/wallet.refunds.test.ts',
  'src/modules/withdrawals/withdrawals.concurrency.test.ts',
];

/**
 * Database suites with an engine-independent part marked `describe.runIf(testEngine === 'pglite')`:
 * they also run on PGlite, so that part runs once.
 */
const PGLITE_PARTS = [
  'src/lib/image-fetch.test.ts',
  'src/modules/demo/demo.test.ts',
  'src/modules/vault/hits.backfill.test.ts',
  'src/modules/vault/vault.backfill.test.ts',
];

const apiRoot = fileURLToPath(new URL('./apps/api/', import.meta.url));
const missing = [...NO_DATABASE, ...BOTH_ENGINES, ...PGLITE_PARTS].filter(
  (file) => !existsSync(apiRoot + file),
);
if (missing.length > 0)
  throw new Error(`vitest.config.ts lists API suites that do not exist: ${missing.join(', ')}`);

const API_SUITES = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * With a server (TEST_DATABASE_URL, as in CI) the database suites run on PostgreSQL, and the
 * engine-sensitive ones on PGlite too; without one, all of them on PGlite. TEST_ENGINES=all runs
 * every database suite on both engines (worth it after a change to db/ or to a driver).
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const pgliteSuites =
  onServer && process.env.TEST_ENGINES !== 'all' ? [...BOTH_ENGINES, ...PGLITE_PARTS] : API_SUITES;

/** Builds the API bundle that the suites starting real processes spawn (main, *.processes). */
const API_BUNDLE = './test/api-bundle.ts';

const databaseProject = (engine: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name: `api (${engine})`,
    // Only the server runs several processes on one database.
    globalSetup: engine === 'postgres' ? [API_BUNDLE] : [],
    root: './apps/api',
    include,
    exclude: [...configDefaults.exclude, ...NO_DATABASE],
    setupFiles: ['./test/deprecations.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; most suites wait on a database or on argon2's
    // thread pool, so three at a time keep both cores busy.
    maxWorkers: 3,
    minWorkers: 1,
    coverage: {
      provider: 'v8',
      include: ['apps/api/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/api/src/db/migrations/**'],
      reporter: ['text-summary', 'json-summary'],
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: NO_DATABASE,
          globalSetup: [API_BUNDLE],
          environment: 'node',
          // The suites that run once on "the PGlite project" (describe.runIf) run here.
          env: { TEST_DB_ENGINE: 'pglite' },
          testTimeout: 60_000,
          pool: 'threads' as const,
          isolate: false,
        },
      },
      databaseProject('pglite', pgliteSuites),
      ...(onServer ? [databaseProject('postgres', API_SUITES)] : []),
      {
        resolve: {
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
        },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A page test's first lazy import transforms that chunk's code on the spot, which took
          // over 5 s (Vitest's default) on the 2-core CI machine while other suites ran.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
