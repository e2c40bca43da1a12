import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/helpers.js';
import { declaredStatements, type StatementText } from './statements.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every source file that declares a statement (importing it runs the declarations). */
function declaringFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : declaringFiles(path);
    if (!path.endsWith('.ts') || path.endsWith('.test.ts')) return [];
    return /\b(rawStatement|prepared)\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

const dialect = new PgDialect();

/** The text PostgreSQL parses: drizzle's parameters stay $1, $2, … and their types are inferred. */
function textOf(statement: StatementText): string {
  if (typeof statement === 'string') return statement;
  if ('text' in statement && typeof statement.text === 'string') return statement.text;
  return dialect.sqlToQuery(statement as SQL).sql;
}

/*
 * Every raw statement the product sends is parsed and planned against the migrated schema
 * (PREPARE checks every table, column, function and type without running it).
 */
describe(`declared SQL statements (${testEngine})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    for (const file of declaringFiles(SRC)) await import(file);
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('finds the declarations', () => {
    expect(declaredStatements().length).toBeGreaterThanOrEqual(23);
  });

  it('prepares every declared statement on the migrated schema', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const statement of declaredStatements()) {
      const text = textOf(statement.sample());
      await t.database.db
        .execute(sql.raw(`prepare declared_${n++} as ${text}`))
        .catch((err: Error) => failures.push(`${statement.name}: ${err.message}`));
    }
    expect(failures).toEqual([]);
  });
});
