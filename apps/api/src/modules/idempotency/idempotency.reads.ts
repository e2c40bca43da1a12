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
