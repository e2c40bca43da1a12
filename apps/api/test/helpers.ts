import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';

/**
 * Which engine this suite runs on: the vitest project names it (TEST_DB_ENGINE); run alone, the
 * PostgreSQL server when TEST_DATABASE_URL is set, PGlite otherwise.
 */
export const testEngine: 'pglite' | 'postgres' =
  process.env.TEST_DB_ENGINE === 'pglite' || process.env.TEST_DB_ENGINE === 'postgres'
    ? process.env.TEST_DB_ENGINE
    : process.env.TEST_DATABASE_URL
      ? 'postgres'
      : 'pglite';

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a database of its own on the server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !serverUrl) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const name = `grail_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Three suites run at once against one server (max_connections 100), some with API processes
  // of their own: 16 connections each still make 16 requests really contend for a row lock.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 16 });
  await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  });
}

/** Every feature flag on: for suites that check every declared endpoint. */
export const ALL_FLAGS_ON = {
  BREAKS_ENABLED: 'true',
  ADVANCED_ANALYTICS: 'true',
  DISCORD_INTEGRATION: 'true',
} as const;

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app (every plugin and module) on a fresh database, ready for app.inject. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    webDistDir?: string;
    /** Runs before app.ready(), e.g. to add a route that a test needs. */
    beforeReady?: (app: App) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: opts.logger ?? false,
    webDistDir: opts.webDistDir ?? '/nonexistent-web-dist',
  });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database: testDb.database,
    config,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
