import type { SQL } from 'drizzle-orm';
import type { Prepared } from './batch.js';

/**
 * Every statement the product writes as SQL text (not through drizzle's query builder) is declared
 * here, by name, with arguments it can be built from. A test prepares each declared statement on a
 * freshly migrated database of each engine, so a renamed column or table fails CI rather than a
 * purchase; the architecture test refuses raw SQL that is not declared.
 */
export type StatementText = SQL | string | Prepared;

export interface DeclaredStatement {
  /** Unique across the product: `<module>.<what it does>`. */
  name: string;
  /** The statement as the product sends it, built from the declaration's sample arguments. */
  sample(): StatementText;
}

const declared = new Map<string, DeclaredStatement>();

function declare(name: string, sample: () => StatementText) {
  if (declared.has(name)) throw new Error(`statement ${name} is declared twice`);
  declared.set(name, { name, sample });
}

/**
 * A statement prepared once per connection and then executed with values (the batch path, see
 * batch.ts). `name` is also its PostgreSQL name, so it is an identifier: `wallet_debit`.
 */
export function prepared(name: string, text: string): Prepared {
  const statement = { name, text };
  declare(name, () => statement);
  return statement;
}

/**
 * A raw statement built per call: `build` returns drizzle's sql`…` (values sent as parameters),
 * text from `sqlText` (values written as literals) or a Prepared. `sample` are arguments the test
 * builds it from; they are never sent anywhere but that test's PREPARE.
 *
 *   const lockPlay = rawStatement('limits.lock', (userId: string) => sql`select …${userId}…`, uuid);
 *   await tx.execute(lockPlay(userId));
 */
export function rawStatement<A extends unknown[], R extends StatementText>(
  name: string,
  build: (...args: A) => R,
  ...sample: A
): (...args: A) => R {
  declare(name, () => build(...sample));
  return build;
}

/** What the statements test prepares: every statement declared by the modules loaded so far. */
export function declaredStatements(): DeclaredStatement[] {
  return [...declared.values()];
}

/** A uuid for sample arguments. */
export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';
