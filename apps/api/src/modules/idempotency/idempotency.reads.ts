/*
 * SQL for the one-round-trip pack purchase, which stores and reads its Idempotency-Key inside its
 * own statements (values are SQL: literals or parameters).
 */

/** The key's stored request hash and answer, as a relation of at most one row. */
export const storedKeyRow = (user: string, scope: string, key: string) =>
  `(select request_hash, response from idempotency_keys
      where user_id = ${user} and scope = ${scope} and key = ${key})`;

/** Stores the answer `response` (SQL over `source`'s one row) with the key, status 201. */
export const keepAnswer = (
  user: string,
  scope: string,
  key: string,
  requestHash: string,
  response: string,
  source: string,
) => `insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response)
      select ${user}, ${scope}, ${key}, ${requestHash}, 201, ${response}
      from ${source}`;

/**
 * Like keepAnswer for an answer made of parts, one per statement of the same transaction:
 * `response` is an object whose `field` holds this statement's parts, appended to the parts the
 * key's answer already holds when an earlier statement stored it.
 */
export const keepAnswerPart = (
  field: string,
  ...keep: Parameters<typeof keepAnswer>
) => `${keepAnswer(...keep)}
      on conflict (user_id, scope, key) do update set response = jsonb_set(
        idempotency_keys.response, '{${field}}',
        (idempotency_keys.response -> '${field}') || (excluded.response -> '${field}'))`;
