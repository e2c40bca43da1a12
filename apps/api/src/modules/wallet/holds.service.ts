import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { runStatement, type Execution } from '../../db/batch.js';
import { prepared } from '../../db/statements.js';
import { houseLedger, walletHolds, wallets } from '../../db/schema/index.js';
import type { LedgerRef } from './debit.js';
import type { WalletService } from './wallet.service.js';

/** What a hold or a fee is for, as its ledger rows name it. */
export interface HoldPurpose {
  refType: 'offer' | 'trade';
  refId: string;
  description: string;
}

const HOLD_REF = 'wallet_hold';

const houseFee = prepared(
  'wallet_house_fee',
  `insert into house_ledger (kind, amount_cents, ref_type, ref_id, description)
    values ('market_fee', $1::bigint, $2::text, $3::text, $4::text)`,
);

/** The house's fee as one statement for a batch; none for a fee of nothing. */
export function feeStatement(amountCents: number, ref: Omit<LedgerRef, 'kind'>): Execution | null {
  if (amountCents <= 0) return null;
  return { prepared: houseFee, values: [amountCents, ref.refType, ref.refId, ref.description] };
}

/**
 * Money set aside for an open offer or trade, and the house's fee account (decision 029). A hold
 * is a debit of kind 'hold' and ends once: released back ('hold_release', giving store credit
 * back as store credit) or captured by the purchase it was for. The ledger's unique indexes
 * refuse a second release even if a caller tried one.
 */
export class WalletHolds {
  constructor(private readonly wallet: WalletService) {}

  /** Takes `amountCents` out of the wallet (402 when short) and answers the hold's id. */
  async hold(tx: Tx, userId: string, amountCents: number, purpose: HoldPurpose): Promise<string> {
    const [row] = await tx
      .insert(walletHolds)
      .values({ userId, amountCents, refType: purpose.refType, refId: purpose.refId })
      .returning({ id: walletHolds.id });
    await this.wallet.debit(
      userId,
      amountCents,
      { kind: 'hold', refType: HOLD_REF, refId: row!.id, description: purpose.description },
      tx,
    );
    return row!.id;
  }

  /** Gives an open hold back to its wallet; false (nothing written) when it already ended. */
  async release(tx: Tx, holdId: string, description: string): Promise<boolean> {
    const ended = await this.end(tx, holdId, 'released');
    if (!ended) return false;
    await this.giveBack(tx, holdId, ended, description);
    return true;
  }

  /**
   * Spends an open hold on the purchase it was for: the hold comes back and the purchase's
   * `amountCents` (which may differ: a counter accepted) is debited, in `tx`. False when the hold
   * already ended (nothing written); 402 when the wallet cannot cover the difference.
   */
  async capture(
    tx: Tx,
    holdId: string,
    purchase: LedgerRef & { amountCents: number },
  ): Promise<boolean> {
    const ended = await this.end(tx, holdId, 'captured');
    if (!ended) return false;
    await this.giveBack(tx, holdId, ended, `${purchase.description} (hold used)`);
    const { amountCents, ...ref } = purchase;
    await this.wallet.debit(ended.userId, amountCents, ref, tx);
    return true;
  }

  /** The house's fee on a sale or a trade, once per reference. */
  async takeFee(tx: Tx, amountCents: number, ref: Omit<LedgerRef, 'kind'>): Promise<void> {
    const fee = feeStatement(amountCents, ref);
    if (fee) await runStatement(tx, fee);
  }

  /** The three totals conservation is checked against: wallets, open holds and house fees. */
  async totals(db: Db | Tx): Promise<{ wallets: number; holds: number; fees: number }> {
    const [row] = await db
      .select({
        wallets: sql<string>`(select coalesce(sum(${wallets.balanceCents}), 0) from ${wallets})`,
        holds: sql<string>`(select coalesce(sum(${walletHolds.amountCents}), 0) from ${walletHolds} where ${walletHolds.status} = 'open')`,
        fees: sql<string>`(select coalesce(sum(${houseLedger.amountCents}), 0) from ${houseLedger})`,
      })
      .from(sql`(values (1)) as one_row`);
    return { wallets: Number(row!.wallets), holds: Number(row!.holds), fees: Number(row!.fees) };
  }

  /** Fees the house has taken, in cents. */
  async feesCollected(db: Db | Tx): Promise<number> {
    const [row] = await db
      .select({ cents: sql<string>`coalesce(sum(${houseLedger.amountCents}), 0)` })
      .from(houseLedger);
    return Number(row?.cents ?? 0);
  }

  private async end(
    tx: Tx,
    holdId: string,
    status: 'released' | 'captured',
  ): Promise<HoldRow | null> {
    const [ended] = await tx
      .update(walletHolds)
      .set({ status, closedAt: sql`now()` })
      .where(and(eq(walletHolds.id, holdId), eq(walletHolds.status, 'open')))
      .returning({ userId: walletHolds.userId, amountCents: walletHolds.amountCents });
    return ended ?? null;
  }

  /** The hold's cents back to its wallet, store credit as store credit (decision 026). */
  private async giveBack(tx: Tx, holdId: string, hold: HoldRow, description: string) {
    const ref = { refType: HOLD_REF, refId: holdId };
    await this.wallet.refund(
      hold.userId,
      hold.amountCents,
      [ref],
      {
        kind: 'hold_release',
        ...ref,
        description,
      },
      tx,
    );
  }
}

interface HoldRow {
  userId: string;
  amountCents: number;
}
