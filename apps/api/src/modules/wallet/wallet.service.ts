import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type LedgerKind, type WalletResponse } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { debitQuery, type LedgerRef } from './debit.js';
import { walletLedger, wallets } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { toLedgerEntry } from './wallet.view.js';

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
    const result = await tx.execute(debitQuery(userId, amountCents, ref));
    const [row] = (result as unknown as { rows: { balance_after_cents: number }[] }).rows;
    if (!row) throw this.shortfall(amountCents, await this.balance(userId, tx));
    return row.balance_after_cents;
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
      entries: rows.map(toLedgerEntry),
      total,
      page,
      limit,
    };
  }
}

export { debitStatement, isShortBalance, type LedgerRef } from './debit.js';
