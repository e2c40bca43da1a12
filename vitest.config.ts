import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// API suites always run on PGlite, and again on the PostgreSQL server when TEST_DATABASE_URL is set.
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const apiProject = (engine: string) => ({
  test: {
    name: `api (${engine})`,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
    projects: [
      ...engines.map(apiProject),
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
        },
      },
    ],
  },
});
