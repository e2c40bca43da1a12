import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centsToDollars,
  formatCents,
  TOP_UP_HOLD_DAYS,
  type LedgerKind,
  type WalletResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { runStatement } from '../../db/batch.js';
import { creditStatement, lockWalletsStatement } from './credit.js';
import { debitQuery, type LedgerRef } from './debit.js';
import { walletLedger, wallets } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';
import { toLedgerEntry } from './wallet.view.js';

const DAY_MS = 86_400_000;

/** A wallet's parts in cents (decision 023): cash + credit = balance. */
export interface WalletParts {
  balance: number;
  /** Store credit: bonuses and goodwill, spent first, never withdrawn. */
  credit: number;
  cash: number;
  /** Cash less the card top-ups still in their dispute window (floored at 0). */
  withdrawable: number;
  /** When the oldest held top-up's window ends; null when nothing is held. */
  moreWithdrawableAt: Date | null;
}

/** Which part of the wallet a credit adds to. */
export type WalletPart = 'cash' | 'credit';

/** A payment's ledger reference (its debit's `refType` and `refId`), which a refund gives back. */
export interface PaymentRef {
  refType: string;
  refId: string;
}

/**
 * The wallet: balances in integer cents, every change one ledger row in the caller's transaction.
 * Debits are a conditional UPDATE, so two concurrent debits can never overdraw (and the CHECK backs it).
 */
export class WalletService {
  constructor(private readonly db: Db) {}

  /**
   * Locks these collectors' wallets in user-id order, before a command that moves money between
   * several of them (a sale, a trade), so two such commands never wait on each other in a circle.
   */
  async lockWallets(tx: Tx, userIds: string[]): Promise<void> {
    if (new Set(userIds).size < 2) return;
    await runStatement(tx, lockWalletsStatement(userIds));
  }

  async balance(userId: string, tx: Db | Tx = this.db): Promise<number> {
    const [row] = await tx
      .select({ b: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return row?.b ?? 0;
  }

  /**
   * Adds to the wallet: cash (top-ups, sell-backs, sale proceeds, a withdrawal returned; the
   * default) or store credit (the sell flow's store-credit payout and bonus, staff goodwill marked
   * as credit). A purchase given back is a `refund`, which knows which part it was paid from.
   */
  async credit(
    userId: string,
    amountCents: number,
    ref: LedgerRef,
    tx: Tx,
    part: WalletPart = 'cash',
  ): Promise<number> {
    return this.add(userId, amountCents, part === 'credit' ? amountCents : 0, ref, null, tx);
  }

  /**
   * Gives `amountCents` of a payment back to the parts it was paid from (decision 026), as one
   * ledger entry naming the payment: store credit up to what the payment took from store credit,
   * less what earlier refunds of it gave back as store credit; the rest as cash. The payment is
   * the caller's first debit found among `paidBy`; with none (an entry from before the ledger
   * recorded its parts) the refund is cash.
   */
  async refund(
    userId: string,
    amountCents: number,
    paidBy: PaymentRef[],
    ref: LedgerRef,
    tx: Tx,
  ): Promise<number> {
    // Locked first, so of two refunds of one payment at once the second sees the first's entry.
    await tx
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .for('update');
    if (paidBy.length === 0) return this.add(userId, amountCents, 0, ref, null, tx);
    // One query: the first of `paidBy` that has a debit, with what its refunds gave back as credit.
    const preference = sql.join(
      [
        sql`case`,
        ...paidBy.map(
          (p, i) =>
            sql`when ${walletLedger.refType} = ${p.refType} and ${walletLedger.refId} = ${p.refId} then ${i}`,
        ),
        sql`end`,
      ],
      sql` `,
    );
    const refunds = alias(walletLedger, 'refunds');
    const [payment] = await tx
      .select({
        id: walletLedger.id,
        storeCreditCents: walletLedger.storeCreditCents,
        given: sql<string>`coalesce(sum(${refunds.storeCreditCents}), 0)`,
      })
      .from(walletLedger)
      .leftJoin(refunds, eq(refunds.refundOf, walletLedger.id))
      .where(
        and(
          eq(walletLedger.userId, userId),
          lt(walletLedger.amountCents, 0),
          or(
            ...paidBy.map((p) =>
              and(eq(walletLedger.refType, p.refType), eq(walletLedger.refId, p.refId)),
            ),
          ),
        ),
      )
      .groupBy(walletLedger.id)
      .orderBy(preference, asc(walletLedger.id))
      .limit(1);
    if (!payment) return this.add(userId, amountCents, 0, ref, null, tx);
    const creditLeft = -payment.storeCreditCents - Number(payment.given);
    const creditCents = Math.max(0, Math.min(amountCents, creditLeft));
    return this.add(userId, amountCents, creditCents, ref, payment.id, tx);
  }

  /** Adds `amountCents`, of which `creditCents` is store credit, with its ledger entry. */
  private async add(
    userId: string,
    amountCents: number,
    creditCents: number,
    ref: LedgerRef,
    refundOf: number | null,
    tx: Tx,
  ): Promise<number> {
    const [row] = await runStatement(
      tx,
      creditStatement(userId, amountCents, ref, creditCents, refundOf),
    );
    return Number(row!.balance_after_cents);
  }

  /**
   * Every movement the ledger holds, per kind: how many, and the cents moved either way (a
   * purchase's debit counts as much as a top-up). Read by the metrics scrape.
   */
  async movementTotals(): Promise<Array<{ kind: LedgerKind; movements: number; cents: number }>> {
    return this.db
      .select({
        kind: walletLedger.kind,
        movements: sql<number>`count(*)::float8`,
        cents: sql<number>`coalesce(sum(abs(${walletLedger.amountCents})), 0)::float8`,
      })
      .from(walletLedger)
      .groupBy(walletLedger.kind);
  }

  /** Debits or throws 402 `{ message, shortfall }` (dollars) without writing anything. */
  async debit(userId: string, amountCents: number, ref: LedgerRef, tx: Tx): Promise<number> {
    const result = await tx.execute(debitQuery(userId, amountCents, ref));
    const [row] = (result as unknown as { rows: { balance_after_cents: number }[] }).rows;
    if (!row) throw this.shortfall(amountCents, await this.balance(userId, tx));
    return row.balance_after_cents;
  }

  /**
   * The wallet's parts. Withdrawable is cash less every card top-up of the last TOP_UP_HOLD_DAYS
   * (conservative: a top-up already spent still counts until its window ends).
   */
  async parts(userId: string, tx: Db | Tx = this.db): Promise<WalletParts> {
    return this.partsOf(userId, false, tx);
  }

  /** The parts, with the wallet row locked until `tx` ends (`lock`) or not. */
  private async partsOf(userId: string, lock: boolean, tx: Db | Tx): Promise<WalletParts> {
    const read = tx
      .select({ balance: wallets.balanceCents, credit: wallets.creditCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    const [row] = lock ? await read.for('update') : await read;
    const since = new Date(Date.now() - TOP_UP_HOLD_DAYS * DAY_MS);
    const [held] = await tx
      .select({
        cents: sql<number>`coalesce(sum(${walletLedger.amountCents}), 0)::bigint`,
        oldest: sql<string | null>`min(${walletLedger.createdAt})`,
      })
      .from(walletLedger)
      .where(
        and(
          eq(walletLedger.userId, userId),
          eq(walletLedger.kind, 'top_up'),
          gt(walletLedger.createdAt, since),
        ),
      );
    const balance = row?.balance ?? 0;
    const credit = row?.credit ?? 0;
    const cash = balance - credit;
    const withdrawable = Math.max(0, cash - Number(held?.cents ?? 0));
    const oldest = held?.oldest ? new Date(held.oldest) : null;
    return {
      balance,
      credit,
      cash,
      withdrawable,
      moreWithdrawableAt:
        oldest && withdrawable < cash
          ? new Date(oldest.getTime() + TOP_UP_HOLD_DAYS * DAY_MS)
          : null,
    };
  }

  /**
   * Takes a withdrawal out of the cash: the wallet row is locked first, so of two withdrawals at
   * once the second sees what the first left; more than is withdrawable is 400 naming `amount`.
   */
  async withdraw(userId: string, amountCents: number, ref: LedgerRef, tx: Tx): Promise<number> {
    const parts = await this.partsOf(userId, true, tx);
    if (amountCents > parts.withdrawable) {
      throw badRequest(`You can withdraw at most ${formatCents(parts.withdrawable)} now.`, {
        field: 'amount',
        withdrawable: centsToDollars(parts.withdrawable),
      });
    }
    const [row] = await tx
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} - ${amountCents}`, updatedAt: sql`now()` })
      .where(eq(wallets.userId, userId))
      .returning({ balance: wallets.balanceCents });
    await tx
      .insert(walletLedger)
      .values({ userId, amountCents: -amountCents, balanceAfterCents: row!.balance, ...ref });
    return row!.balance;
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
    const [parts, { rows, total }] = await Promise.all([
      this.parts(userId),
      this.entries(userId, page, limit, kinds),
    ]);
    return {
      balance: centsToDollars(parts.balance),
      cash: centsToDollars(parts.cash),
      storeCredit: centsToDollars(parts.credit),
      withdrawable: centsToDollars(parts.withdrawable),
      moreWithdrawableAt: parts.moreWithdrawableAt?.toISOString() ?? null,
      entries: rows.map(toLedgerEntry),
      total,
      page,
      limit,
    };
  }
}

export { debitStatement, isShortBalance, type LedgerRef } from './debit.js';
export { creditStatement, lockWalletsStatement } from './credit.js';
