import { resolve } from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { resolveAppSecret } from '../secret.js';
import { RateLimitService } from '../modules/auth/rate-limits.service.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { UsersService } from '../modules/users/users.service.js';

/**
 * The configured database (DATABASE_URL, else the PGlite files in DATA_DIR: stop the server first,
 * PGlite is single-process), migrated, with the accounts service the admin commands use.
 */
export async function openAccounts(): Promise<{
  config: Config;
  database: Database;
  users: UsersService;
}> {
  const config = loadConfig();
  const appSecret = resolveAppSecret(config.APP_SECRET, resolve(config.DATA_DIR));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
  });
  await migrateDatabase(database);
  const { db } = database;
  const users = new UsersService(db, {
    sessions: new SessionsService(db, appSecret),
    rateLimits: new RateLimitService(db, config.RATE_LIMIT_SCALE),
  });
  return { config, database, users };
}
