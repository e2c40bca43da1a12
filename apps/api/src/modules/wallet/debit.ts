import { sql } from 'drizzle-orm';
import type { LedgerKind } from '@grail/contract';
import { sqlText, type Execution } from '../../db/batch.js';
import { prepared, rawStatement, SAMPLE_UUID } from '../../db/statements.js';

export interface LedgerRef {
  kind: LedgerKind;
  refType: string;
  refId: string;
  description: string;
}

/** The debit's values as SQL: parameters of a prepared statement, or literals. */
interface DebitValues {
  user: string;
  amount: string;
  kind: string;
  refType: string;
  refId: string;
  description: string;
}

/**
 * The debit, written once for both paths (WalletService.debit and the pack purchase's batch): the
 * balance goes down only when it covers the amount (a conditional UPDATE, so two debits at once
 * never overdraw; the CHECK backs it), and the ledger row records the balance after. A purchase
 * spends store credit first (decision 023): the credit part goes down by as much of the amount as
 * it holds, in the same statement, so the pack purchase keeps its one round trip. The ledger row
 * records that part (decision 026), so a refund can give it back as store credit: `before` locks
 * the wallet row and reads its credit as the update will see it (a concurrent debit is waited for
 * and re-read), and the update joins it, so it runs first.
 *
 * When the balance is short (or there is no wallet) nothing is written. With `failWhenShort` the
 * statement then fails on the ledger's NOT NULL balance, which aborts a batch and its transaction
 * (`isShortBalance` recognises it); without, it answers no row.
 */
function debitText(v: DebitValues, failWhenShort: boolean): string {
  return `with before as (
      select credit_cents from wallets
      where user_id = ${v.user} and balance_cents >= ${v.amount}
      for update
    ), debited as (
      update wallets set balance_cents = balance_cents - ${v.amount},
        credit_cents = greatest(wallets.credit_cents - ${v.amount}, 0), updated_at = now()
      from before
      where user_id = ${v.user} and balance_cents >= ${v.amount}
      returning balance_cents, before.credit_cents - wallets.credit_cents as credit_spent
    )
    insert into wallet_ledger (user_id, amount_cents, balance_after_cents, store_credit_cents,
      kind, ref_type, ref_id, description)
    select ${v.user}, -${v.amount}, debited.balance_cents, -coalesce(debited.credit_spent, 0),
      ${v.kind}, ${v.refType}, ${v.refId}, ${v.description}
    from ${failWhenShort ? '(values (1)) as one_row left join debited on true' : 'debited'}
    returning balance_after_cents`;
}

const debitInBatch = prepared(
  'wallet_debit',
  debitText(
    {
      user: '$1::uuid',
      amount: '$2::bigint',
      kind: '$3::text',
      refType: '$4::text',
      refId: '$5::text',
      description: '$6::text',
    },
    true,
  ),
);

function assertDebitAmount(amountCents: number) {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new Error('debit must be a positive integer');
}

/** The debit as one statement for a batch (db/batch.ts); a short balance fails the batch. */
export function debitStatement(userId: string, amountCents: number, ref: LedgerRef): Execution {
  assertDebitAmount(amountCents);
  return {
    prepared: debitInBatch,
    values: [userId, amountCents, ref.kind, ref.refType, ref.refId, ref.description],
  };
}

/** The debit with literals, for a drizzle transaction; a short balance answers no row. */
export const debitQuery = rawStatement(
  'wallet.debit',
  (userId: string, amountCents: number, ref: LedgerRef) => {
    assertDebitAmount(amountCents);
    return sql.raw(
      debitText(
        {
          user: sqlText`${userId}::uuid`,
          amount: sqlText`${amountCents}::bigint`,
          kind: sqlText`${ref.kind}::text`,
          refType: sqlText`${ref.refType}::text`,
          refId: sqlText`${ref.refId}::text`,
          description: sqlText`${ref.description}::text`,
        },
        false,
      ),
    );
  },
  SAMPLE_UUID,
  1,
  { kind: 'pack', refType: 'pull', refId: SAMPLE_UUID, description: 'sample' },
);

/** The failure of a debitStatement whose balance was short (its ledger row had no balance). */
export const isShortBalance = (err: unknown) => {
  const e = err as { code?: string; table?: string; column?: string };
  return e.code === '23502' && e.table === 'wallet_ledger' && e.column === 'balance_after_cents';
};
