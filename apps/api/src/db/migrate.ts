import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';

/** Beside this file in the source tree; copied beside main.js by the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 0x6772_6169; // "grai"

/** Applies pending migrations; on a server, instances starting together take turns. */
export async function migrateDatabase(
  database: Database,
  folder = migrationsFolder,
): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK, async () => {
    if (database.engine === 'postgres') {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    } else {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    }
  });
}
