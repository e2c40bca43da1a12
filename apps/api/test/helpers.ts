import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrateDatabase, migrationsFolder } from '../src/db/migrate.js';

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

/**
 * The migrations' fingerprint: a database migrated by this set is copied rather than migrated
 * again for every suite (PGlite's initdb and the migrations cost seconds per suite).
 */
const migrationsHash = (() => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
})();

/** A migrated PGlite data directory, made once per migration set and kept in the temp folder. */
async function migratedPgliteImage(): Promise<Blob> {
  const path = join(tmpdir(), `grail-test-pglite-${migrationsHash}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const image = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await database.close();
    // Written aside and renamed, so a suite starting meanwhile never reads half a file.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, image);
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}

/** A migrated template database on the server, made once per migration set. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `grail_test_template_${migrationsHash}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (await exists()) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    // Published by renaming it: a suite that built one too drops its own.
    if (await exists()) await admin.query(`drop database "${building}"`);
    else
      await admin
        .query(`alter database "${building}" rename to "${name}"`)
        .catch(() => admin.query(`drop database "${building}"`));
    return name;
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database: in-memory PGlite, or a database of its own on the server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !serverUrl) {
    const database = await openDatabase({ pgliteImage: await migratedPgliteImage() });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const template = await postgresTemplate(serverUrl);
  const name = `grail_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
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

/** The real app on `database` (not yet ready): test configuration, no log, no built web. */
export function buildTestApp(
  database: Database,
  opts: Partial<Pick<Parameters<typeof buildApp>[0], 'config' | 'logger' | 'webDistDir'>> = {},
): Promise<App> {
  return buildApp({
    config: opts.config ?? testConfig(),
    database,
    logger: opts.logger ?? false,
    webDistDir: opts.webDistDir ?? '/nonexistent-web-dist',
  });
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
  const app = await buildTestApp(testDb.database, {
    config,
    logger: opts.logger,
    webDistDir: opts.webDistDir,
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
