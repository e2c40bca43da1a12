import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
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

/**
 * Runs `command` once per (user, scope, key) inside one transaction with the key's row, so a
 * repeat (even a parallel one) waits for and returns the first answer and is charged once.
 * A failed command writes nothing, the key included, so it may be retried.
 * The same key with a different body → 422.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: { userId: string; scope: string; key: string; request: unknown },
  command: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const requestHash = createHash('sha256')
    .update(JSON.stringify(opts.request ?? null))
    .digest('hex');
  return db.transaction(async (tx) => {
    // Serialises holders of the same key: a parallel duplicate blocks here until the first commits.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${opts.userId}:${opts.scope}:${opts.key}`}, 0))`,
    );
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
      if (existing.requestHash !== requestHash) {
        throw new AppError(
          422,
          'This Idempotency-Key was already used with a different request.',
          'Unprocessable Entity',
        );
      }
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
