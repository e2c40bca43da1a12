import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { createTestDatabase, testEngine } from '../../test/helpers.js';
import { openDatabase } from './client.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';

const migrationCount = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;

describe(`migrations on ${testEngine}`, () => {
  it('are idempotent: migrating an existing database again changes nothing', async () => {
    const test = await createTestDatabase();
    try {
      await migrateDatabase(test.database);
      const rows = await test.database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(migrationCount);
    } finally {
      await test.drop();
    }
  });

  it.runIf(testEngine === 'postgres')(
    'let two instances start together: one migrates, the other waits',
    async () => {
      const test = await createTestDatabase();
      // A second, empty database shows the race from scratch.
      const fresh = await createTestDatabase();
      try {
        const [a, b] = await Promise.all([
          openDatabase({ databaseUrl: fresh.url, poolSize: 2 }),
          openDatabase({ databaseUrl: fresh.url, poolSize: 2 }),
        ]);
        await fresh.database.db.execute(sql`drop schema drizzle cascade`);
        await fresh.database.db.execute(sql`drop schema public cascade`);
        await fresh.database.db.execute(sql`create schema public`);
        await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
        const rows = await a.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(migrationCount);
        await Promise.all([a.close(), b.close()]);
      } finally {
        await fresh.drop();
        await test.drop();
      }
    },
  );
});
