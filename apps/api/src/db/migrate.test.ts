import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testEngine } from '../../test/helpers.js';
import { openDatabase } from './client.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';

const migrationCount = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
const journalPath = join(migrationsFolder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

/** The migrations folder as it was when `tag` was the newest. */
function folderUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
  );
  return folder;
}

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

  // Drizzle applies the migrations newer than the newest applied one, by this time (`when`).
  it('are dated in order, so a database of any earlier version gets every later one', async () => {
    const whens = journal.entries.map((e) => e.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    expect(new Set(whens).size).toBe(whens.length);
    const test = await createTestDatabase();
    const older = folderUpTo('0024_break_hits_in_the_vault');
    try {
      await test.database.db.execute(sql`drop schema drizzle cascade`);
      await test.database.db.execute(sql`drop schema public cascade`);
      await test.database.db.execute(sql`create schema public`);
      await migrateDatabase(test.database, older);
      await migrateDatabase(test.database);
      const rows = await test.database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(migrationCount);
    } finally {
      rmSync(older, { recursive: true, force: true });
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
