import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * Statements sent together in one round trip, for the few hot paths where the time between a
 * statement's answer and the next statement counts (a pack purchase holds its case's row lock
 * until COMMIT). Such a batch travels as one simple-protocol query, which carries no parameters,
 * so every value goes in as a literal written by `sqlText`.
 */

/** A value `sqlText` can write as a literal; add a cast (`::uuid`, `::int[]`) where the type matters. */
export type SqlValue = string | number | boolean | null | readonly number[] | { json: unknown };

/** One value as SQL literal text: strings quoted by pg's escapeLiteral, numbers whole only. */
export function literal(value: SqlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return String(value);
  }
  // An array as its text form, which takes the type its cast or parameter gives it.
  if (Array.isArray(value)) {
    if (!value.every((v) => Number.isSafeInteger(v))) throw new Error('not whole numbers');
    return `'{${value.join(',')}}'`;
  }
  return pg.escapeLiteral(JSON.stringify((value as { json: unknown }).json));
}

/** A statement with its values written as literals: sqlText`select ${id}::uuid`. */
export function sqlText(strings: TemplateStringsArray, ...values: SqlValue[]): string {
  return strings.reduce((text, part, i) => text + literal(values[i - 1]!) + part);
}

export type Row = Record<string, unknown>;

/**
 * A statement the server parses and plans once per connection (PREPARE) and then only executes:
 * for a long statement on a hot path, where planning costs more than running it. `text` uses
 * $1, $2, … with casts that give each parameter its type.
 */
export interface Prepared {
  name: string;
  text: string;
}

/** One execution of a prepared statement with these values. */
export interface Execution {
  prepared: Prepared;
  values: SqlValue[];
}

export type Statement = string | Execution;

/** A statement as text with its values written in as literals. */
export const inlined = (statement: Statement): string =>
  typeof statement === 'string'
    ? statement
    : statement.prepared.text.replace(/\$(\d+)/g, (_, n: string) =>
        literal(statement.values[Number(n) - 1]!),
      );

/**
 * Runs one statement a batch would send, in a drizzle transaction (or alone), and answers its rows: the
 * commands that settle on the ordinary path share the batch path's statements this way, so each
 * rule is written once.
 */
export async function runStatement(t: Db | Tx, statement: Statement): Promise<Row[]> {
  const result = (await t.execute(sql.raw(inlined(statement)))) as unknown as { rows: Row[] };
  return result.rows;
}

export interface BatchTransaction {
  /**
   * Runs the statements in order as one round trip and returns each one's rows. The first
   * statement that fails fails the call and the rest do not run (the transaction then rolls back).
   * With `commit`, the COMMIT travels with them: the transaction ends on the server without
   * waiting for this process, and no statement may follow. Either way the answer comes once the
   * transaction is durable (COMMIT_THEN_FLUSH).
   */
  run(statements: Statement[], opts?: { commit?: boolean }): Promise<Row[][]>;
}

type Client = pg.Pool | PGlite;

/** The statements prepared on each connection (they last as long as it does). */
const preparedOn = new WeakMap<object, Set<string>>();

/**
 * The text of a batch and where each statement's result is in it. A prepared statement this
 * connection does not know yet is prepared first, in a round trip of its own (once per
 * connection): PREPARE outlives a rolled-back transaction, so it is not left to a batch that
 * may fail.
 */
async function batchText(
  connection: object,
  prepare: (text: string) => Promise<unknown>,
  statements: Statement[],
  before: string[],
  after: string[],
) {
  let known = preparedOn.get(connection);
  if (!known) preparedOn.set(connection, (known = new Set<string>()));
  const parts = [...before];
  const at: number[] = [];
  for (const statement of statements) {
    if (typeof statement !== 'string' && !known.has(statement.prepared.name)) {
      await prepare(`prepare ${statement.prepared.name} as ${statement.prepared.text}`);
      known.add(statement.prepared.name);
    }
    at.push(parts.length);
    parts.push(
      typeof statement === 'string'
        ? statement
        : `execute ${statement.prepared.name}(${statement.values.map(literal).join(', ')})`,
    );
  }
  parts.push(...after);
  return { text: parts.join(';\n'), at };
}

/**
 * One transaction on one connection, whose statements go in batches. It commits when `fn`
 * returns (unless a batch already carried the COMMIT) and rolls back when it throws.
 */
export async function batchTransaction<T>(
  db: Db,
  fn: (tx: BatchTransaction) => Promise<T>,
): Promise<T> {
  const client = (db as unknown as { $client: Client }).$client;
  if (client instanceof pg.Pool) return onPostgres(client, fn);
  // PGlite has one connection and no network: its transaction() keeps every other query out
  // until this one ends, and COMMIT follows the last batch at once.
  const pglite = client;
  return pglite.transaction(async (tx) => {
    let committed = false;
    return fn({
      async run(statements, opts) {
        if (committed) throw new Error('the transaction has been committed');
        committed = opts?.commit ?? false;
        const batch = await batchText(pglite, (q) => tx.exec(q), statements, [], []);
        const results = await tx.exec(batch.text);
        return batch.at.map((i) => results[i]!.rows as Row[]);
      },
    });
  });
}

async function onPostgres<T>(pool: pg.Pool, fn: (tx: BatchTransaction) => Promise<T>) {
  const client = await pool.connect();
  let state = 'idle' as 'idle' | 'open' | 'committed';
  let broken: Error | undefined;
  try {
    const result = await fn({
      async run(statements, opts) {
        if (state === 'committed') throw new Error('the transaction has been committed');
        const commit = opts?.commit ?? false;
        const batch = await batchText(
          client,
          (q) => client.query(q),
          statements,
          state === 'idle' ? ['begin'] : [],
          commit ? COMMIT_THEN_FLUSH : [],
        );
        state = 'open';
        const answer = (await client.query(batch.text)) as pg.QueryResult | pg.QueryResult[];
        if (commit) state = 'committed';
        const results = Array.isArray(answer) ? answer : [answer];
        return batch.at.map((i) => results[i]!.rows as Row[]);
      },
    });
    if (state === 'open') await client.query(COMMIT_THEN_FLUSH.join(';\n'));
    return result;
  } catch (err) {
    if (state === 'open') {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
    }
    throw err;
  } finally {
    // A connection that could not roll back is dropped rather than handed to the next caller.
    client.release(broken);
  }
}

/**
 * How a batch transaction ends on PostgreSQL (decision 018): its COMMIT does not wait for the disk,
 * so its row locks (a pack purchase holds its case's row) pass to the next holder at once, and a
 * second transaction right after it in the same round trip writes one WAL record (an empty logical
 * message; a transaction that writes nothing is not flushed) and commits synchronously. That commit
 * record follows this one in the WAL, and PostgreSQL answers it only once the WAL up to it is on
 * disk, so this transaction's answer still arrives only after it is durable. Concurrent
 * batches' flushes are then shared by group commit instead of one per row holder. Others can see
 * the transaction a moment before it is durable; a crash in that moment loses it and every
 * transaction that saw it together (the WAL keeps its order), before anyone was answered.
 */
const COMMIT_THEN_FLUSH = [
  'set local synchronous_commit = off',
  'commit',
  "select pg_logical_emit_message(true, 'grail.durable', '')",
];
