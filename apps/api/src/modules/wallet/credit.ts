import type { Execution } from '../../db/batch.js';
import { prepared } from '../../db/statements.js';
import type { LedgerRef } from './debit.js';

/**
 * The credit, written once for both paths (WalletService and the marketplace's Buy now batch):
 * the wallet is made or topped up and the ledger row records the balance after, in one statement.
 * $1 user, $2 amount, $3 the store-credit part of it, $4 the payment it refunds (or null),
 * $5 kind, $6 ref type, $7 ref id, $8 description.
 */
const creditInBatch = prepared(
  'wallet_credit',
  `with credited as (
      insert into wallets (user_id, balance_cents, credit_cents) values ($1::uuid, $2::bigint, $3::bigint)
      on conflict (user_id) do update set balance_cents = wallets.balance_cents + excluded.balance_cents,
        credit_cents = wallets.credit_cents + excluded.credit_cents, updated_at = now()
      returning balance_cents
    )
    insert into wallet_ledger (user_id, amount_cents, balance_after_cents, store_credit_cents,
      refund_of, kind, ref_type, ref_id, description)
    select $1::uuid, $2::bigint, credited.balance_cents, $3::bigint, $4::bigint, $5::text, $6::text,
      $7::text, $8::text
    from credited
    returning balance_after_cents`,
);

/** `amountCents` into a wallet, `creditCents` of it as store credit. */
export function creditStatement(
  userId: string,
  amountCents: number,
  ref: LedgerRef,
  creditCents = 0,
  refundOf: number | null = null,
): Execution {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new Error('credit must be a positive integer');
  return {
    prepared: creditInBatch,
    values: [
      userId,
      amountCents,
      creditCents,
      refundOf,
      ref.kind,
      ref.refType,
      ref.refId,
      ref.description,
    ],
  };
}

/**
 * Locks these wallets in user-id order and answers their balances: a command that moves money
 * between several collectors (a sale, a trade) takes it first, so two never wait in a circle.
 * $1 the user ids, comma-separated.
 */
const lockInOrder = prepared(
  'wallet_lock',
  `select user_id, balance_cents from wallets
    where user_id = any(string_to_array($1::text, ',')::uuid[])
    order by user_id for update`,
);

export function lockWalletsStatement(userIds: string[]): Execution {
  return { prepared: lockInOrder, values: [[...new Set(userIds)].sort().join(',')] };
}
