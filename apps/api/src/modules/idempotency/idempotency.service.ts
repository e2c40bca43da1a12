import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import type { Execution } from '../../db/batch.js';
import { prepared, rawStatement } from '../../db/statements.js';
import { AppError, badRequest } from '../../errors.js';

export interface IdempotentResult<T> {
  body: T;
  replayed: boolean;
}

const KEY_PATTERN = /^[\w.:-]{8,128}$/;

/** Validates the Idempotency-Key header: present, 8 to 128 safe characters. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key)
    throw badRequest('The Idempotency-Key header is required.', { field: 'Idempotency-Key' });
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      'The Idempotency-Key header must be 8 to 128 letters, digits or ._:- characters.',
      {
        field: 'Idempotency-Key',
      },
    );
  }
  return key;
}

export interface IdempotencyOptions {
  userId: string;
  scope: string;
  key: string;
  /** What the key stands for; the same key with a different request is refused. */
  request: unknown;
}

export const requestHashOf = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');

const lockNameOf = (opts: Omit<IdempotencyOptions, 'request'>) =>
  `${opts.userId}:${opts.scope}:${opts.key}`;

/** The same key with a different request → 422. */
function assertSameRequest(storedHash: string, requestHash: string) {
  if (storedHash !== requestHash) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used with a different request.',
      'Unprocessable Entity',
    );
  }
}

/**
 * The same rule as runIdempotent for a command sent in batches (db/batch.ts): this statement
 * opens it, waiting for a parallel holder of the same key to finish; the command then reads the
 * key's row in a later statement (whose snapshot sees what that holder committed), answers from
 * it with `storedAnswer` when there is one, and else inserts it with its answer before COMMIT.
 */
export function idempotencyLock(opts: Omit<IdempotencyOptions, 'request'>): Execution {
  return { prepared: lockKey, values: [lockNameOf(opts)] };
}

const lockKey = prepared(
  'idempotency_lock',
  'select pg_advisory_xact_lock(hashtextextended($1::text, 0))',
);

/** The same lock taken by a drizzle transaction. */
const lockKeyNow = rawStatement(
  'idempotency.lock',
  (name: string) => sql`select pg_advisory_xact_lock(hashtextextended(${name}::text, 0))`,
  'user:scope:key',
);

/** The stored answer of an earlier request with this key (422 when that request differed). */
export function storedAnswer(
  row: { request_hash: string; response: unknown },
  opts: IdempotencyOptions,
): unknown {
  assertSameRequest(row.request_hash, requestHashOf(opts.request));
  return row.response;
}

/**
 * Runs `command` once per (user, scope, key) inside one transaction with the key's row, so a
 * repeat (even a parallel one) waits for and returns the first answer and is charged once.
 * A failed command writes nothing, the key included, so it may be retried.
 * The same key with a different body → 422.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: IdempotencyOptions,
  command: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const requestHash = requestHashOf(opts.request);
  return db.transaction(async (tx) => {
    // Serialises holders of the same key: a parallel duplicate blocks here until the first commits.
    await tx.execute(lockKeyNow(lockNameOf(opts)));
    const [existing] = await tx
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, opts.userId),
          eq(idempotencyKeys.scope, opts.scope),
          eq(idempotencyKeys.key, opts.key),
        ),
      )
      .limit(1);
    if (existing) {
      assertSameRequest(existing.requestHash, requestHash);
      return { body: existing.response as T, replayed: true };
    }
    const body = await command(tx);
    await tx.insert(idempotencyKeys).values({
      userId: opts.userId,
      scope: opts.scope,
      key: opts.key,
      requestHash,
      // Every idempotent command creates something (a pull, an order): its first answer was 201.
      statusCode: 201,
      response: body as object,
    });
    return { body, replayed: false };
  });
}
