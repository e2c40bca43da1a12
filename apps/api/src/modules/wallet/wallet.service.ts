import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type LedgerKind, type WalletResponse } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Execution, Prepared } from '../../db/batch.js';
import { walletLedger, wallets } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export interface LedgerRef {
  kind: LedgerKind;
  refType: string;
  refId: string;
  description: string;
}

const debitInBatch: Prepared = {
  name: 'wallet_debit',
  text: `with debited as (
      update wallets set balance_cents = balance_cents - $2::bigint, updated_at = now()
      where user_id = $1::uuid and balance_cents >= $2::bigint
      returning balance_cents
    )
    insert into wallet_ledger
      (user_id, amount_cents, balance_after_cents, kind, ref_type, ref_id, description)
    select $1::uuid, -$2::bigint, debited.balance_cents, $3::text, $4::text, $5::text, $6::text
    from (values (1)) as one_row left join debited on true`,
};

/** The failure of a debitStatement whose balance was short (its ledger row had no balance). */
export const isShortBalance = (err: unknown) => {
  const e = err as { code?: string; table?: string; column?: string };
  return e.code === '23502' && e.table === 'wallet_ledger' && e.column === 'balance_after_cents';
};

/**
 * The wallet: balances in integer cents, every change one ledger row in the caller's transaction.
 * Debits are a conditional UPDATE, so two concurrent debits can never overdraw (and the CHECK backs it).
 */
export class WalletService {
  constructor(private readonly db: Db) {}

  async balance(userId: string, tx: Db | Tx = this.db): Promise<number> {
    const [row] = await tx
      .select({ b: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return row?.b ?? 0;
  }

  async credit(userId: string, amountCents: number, ref: LedgerRef, tx: Tx): Promise<number> {
    if (!Number.isInteger(amountCents) || amountCents <= 0)
      throw new Error('credit must be a positive integer');
    const [row] = await tx
      .insert(wallets)
      .values({ userId, balanceCents: amountCents })
      .onConflictDoUpdate({
        target: wallets.userId,
        set: { balanceCents: sql`${wallets.balanceCents} + ${amountCents}`, updatedAt: sql`now()` },
      })
      .returning({ balance: wallets.balanceCents });
    await tx
      .insert(walletLedger)
      .values({ userId, amountCents, balanceAfterCents: row!.balance, ...ref });
    return row!.balance;
  }

  /** Debits or throws 402 `{ message, shortfall }` (dollars) without writing anything. */
  async debit(userId: string, amountCents: number, ref: LedgerRef, tx: Tx): Promise<number> {
    if (!Number.isInteger(amountCents) || amountCents <= 0)
      throw new Error('debit must be a positive integer');
    const [row] = await tx
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} - ${amountCents}`, updatedAt: sql`now()` })
      .where(and(eq(wallets.userId, userId), gte(wallets.balanceCents, amountCents)))
      .returning({ balance: wallets.balanceCents });
    if (!row) throw this.shortfall(amountCents, await this.balance(userId, tx));
    await tx
      .insert(walletLedger)
      .values({ userId, amountCents: -amountCents, balanceAfterCents: row.balance, ...ref });
    return row.balance;
  }

  /**
   * The same debit as one statement for a batch (db/batch.ts): it lowers the balance and writes the
   * ledger row, or, when the balance is short (or there is no wallet), fails on the ledger's NOT
   * NULL balance, which fails the batch and its transaction. `isShortBalance` recognises that
   * failure; the caller then answers with `shortfall`.
   */
  debitStatement(userId: string, amountCents: number, ref: LedgerRef): Execution {
    if (!Number.isInteger(amountCents) || amountCents <= 0)
      throw new Error('debit must be a positive integer');
    return {
      prepared: debitInBatch,
      values: [userId, amountCents, ref.kind, ref.refType, ref.refId, ref.description],
    };
  }

  /** 402 `{ message, shortfall, balance }` for a debit of `amountCents` from `balanceCents`. */
  shortfall(amountCents: number, balanceCents: number): AppError {
    const shortfall = amountCents - balanceCents;
    return new AppError(
      402,
      `Not enough balance: add $${centsToDollars(shortfall).toFixed(2)} to continue.`,
      'Payment Required',
      { shortfall: shortfall / 100, balance: balanceCents / 100 },
    );
  }

  async entries(userId: string, page: number, limit: number, kinds?: LedgerKind[]) {
    const mine = and(
      eq(walletLedger.userId, userId),
      kinds ? inArray(walletLedger.kind, kinds) : undefined,
    );
    const rows = await this.db
      .select()
      .from(walletLedger)
      .where(mine)
      .orderBy(desc(walletLedger.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(walletLedger)
      .where(mine);
    return { rows, total };
  }

  /** The balance and one page of the ledger (of `kinds` only, when given), newest first, in dollars. */
  async statement(
    userId: string,
    page: number,
    limit: number,
    kinds?: LedgerKind[],
  ): Promise<WalletResponse> {
    const [balance, { rows, total }] = await Promise.all([
      this.balance(userId),
      this.entries(userId, page, limit, kinds),
    ]);
    return {
      balance: centsToDollars(balance),
      entries: rows.map((e) => ({
        _id: String(e.id),
        amount: centsToDollars(e.amountCents),
        balanceAfter: centsToDollars(e.balanceAfterCents),
        kind: e.kind,
        refType: e.refType,
        refId: e.refId,
        description: e.description,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
      page,
      limit,
    };
  }
}
