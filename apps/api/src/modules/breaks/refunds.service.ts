import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { breaks, breakSpotSales } from '../../db/schema/index.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { notifyBreak } from './breaks.reads.js';
import type { BreakRow } from './breaks.view.js';

/**
 * Breaks past their sales deadline, and the refund of a break that will not run: every spot's
 * price back to its buyer's wallet (to the parts its purchase was paid from), once per sale.
 */
export class BreakRefunds {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: Pick<WalletService, 'refund'>;
      log?: Pick<FastifyBaseLogger, 'info'> | undefined;
    },
  ) {}

  /**
   * Breaks past their sales deadline: one that reached its minimum is filled (ready to run); one
   * that did not is cancelled and every spot refunded. Runs on a timer and before reads; `breakId`
   * narrows it to one break. Safe to run on every instance at once: each cancellation is a
   * conditional UPDATE and each refund happens once.
   */
  async sweepDue(breakId?: string): Promise<{ filled: number; cancelled: number }> {
    const due: SQL[] = [eq(breaks.status, 'open'), lte(breaks.salesDeadline, sql`now()`)];
    if (breakId) due.push(eq(breaks.id, breakId));
    const filled = await this.db
      .update(breaks)
      .set({ status: 'filled', updatedAt: sql`now()` })
      .where(and(...due, sql`${breaks.spotsSold} >= ${breaks.minSpots}`))
      .returning({ id: breaks.id });
    const unfilled = await this.db
      .select({ id: breaks.id })
      .from(breaks)
      .where(and(...due, sql`${breaks.spotsSold} < ${breaks.minSpots}`));
    let cancelled = 0;
    for (const { id } of unfilled) {
      const done = await this.db.transaction(async (tx) => {
        const row = await this.cancelAndRefund(id, { onlyUnfilled: true }, tx);
        if (row) await notifyBreak({ breakId: id, type: 'spots' }, tx);
        return row;
      });
      if (done) {
        cancelled++;
        this.deps.log?.info(
          { breakId: id, refunded: done.refunded },
          'break cancelled: it did not reach its minimum by the sales deadline',
        );
      }
    }
    for (const { id } of filled) {
      await notifyBreak({ breakId: id, type: 'spots' }, this.db);
    }
    return { filled: filled.length, cancelled };
  }

  /**
   * Cancels a break that has not run and refunds every spot, inside the caller's transaction.
   * The state check (a conditional UPDATE from open or filled) makes a second run, even a
   * concurrent one, find nothing to do; each refund also sets its sale's refunded_at once and
   * writes a ledger row the database accepts once per sale. Answers null when the break was not
   * in a cancellable state.
   */
  async cancelAndRefund(
    breakId: string,
    opts: { onlyUnfilled?: boolean; allowDraft?: boolean },
    tx: Tx,
  ): Promise<{ row: BreakRow; refunded: number } | null> {
    const statuses: BreakRow['status'][] = opts.allowDraft
      ? ['draft', 'open', 'filled']
      : ['open', 'filled'];
    const [row] = await tx
      .update(breaks)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(breaks.id, breakId),
          inArray(breaks.status, statuses),
          opts.onlyUnfilled
            ? and(
                lte(breaks.salesDeadline, sql`now()`),
                sql`${breaks.spotsSold} < ${breaks.minSpots}`,
              )
            : undefined,
        ),
      )
      .returning();
    if (!row) return null;
    return { row, refunded: await this.refundSales(breakId, row.title, tx) };
  }

  /** Refunds every not-yet-refunded sale of a break; a sale already refunded is skipped. */
  async refundSales(breakId: string, title: string, tx: Tx): Promise<number> {
    const refunded = await tx
      .update(breakSpotSales)
      .set({ refundedAt: sql`now()` })
      .where(and(eq(breakSpotSales.breakId, breakId), isNull(breakSpotSales.refundedAt)))
      .returning();
    for (const sale of refunded.sort((a, b) => a.k - b.k)) {
      await this.deps.wallet.refund(
        sale.userId,
        sale.priceCents,
        [{ refType: 'break_purchase', refId: sale.purchaseId }],
        {
          kind: 'refund',
          refType: 'break_spot',
          refId: sale.id,
          description: `Refund of break spot #${sale.spotNumber}: ${title}`,
        },
        tx,
      );
    }
    return refunded.length;
  }
}
