import { formatCents } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import { conflict } from '../../errors.js';
import { feeOn, type MarketDeps } from './settlement.js';
import type { TradeRecord } from './trades.reads.js';

/** What a trade's cash moves are recorded as in the wallets' ledger and the house's. */
export const TRADE_REF = 'market_trade';

/**
 * The cash of an accepted trade: the proposer's hold is captured and paid to the recipient less
 * the fee; the recipient's cash is debited and paid to the proposer less the fee; the fees go to
 * the house. The wallets are already locked; each side is credited before it is debited, so
 * cash coming in can pay cash going out. Answers the fees in cents.
 */
export async function payTradeCash(tx: Tx, deps: MarketDeps, trade: TradeRecord): Promise<number> {
  const { feePercent, holds, wallet, limits } = deps;
  const fromProposer = trade.proposerCashCents;
  const fromRecipient = trade.recipientCashCents;
  const feeP = feeOn(fromProposer, feePercent);
  const feeR = feeOn(fromRecipient, feePercent);
  const ref = (description: string) => ({
    kind: 'trade' as const,
    refType: TRADE_REF,
    refId: trade.id,
    description,
  });
  const sides = [
    {
      userId: trade.proposerId,
      credit: fromRecipient - feeR,
      creditNote: `Trade: ${formatCents(fromRecipient)} received (fee ${formatCents(feeR)})`,
      pay: async () => {
        if (fromProposer <= 0) return;
        const captured = await holds.capture(tx, trade.holdId!, {
          ...ref(`Trade: ${formatCents(fromProposer)} paid`),
          amountCents: fromProposer,
        });
        if (!captured) throw conflict('This trade is no longer open.');
      },
    },
    {
      userId: trade.recipientId,
      credit: fromProposer - feeP,
      creditNote: `Trade: ${formatCents(fromProposer)} received (fee ${formatCents(feeP)})`,
      pay: async () => {
        if (fromRecipient <= 0) return;
        await limits.checkPurchase(trade.recipientId, fromRecipient, tx);
        await wallet.debit(
          trade.recipientId,
          fromRecipient,
          ref(`Trade: ${formatCents(fromRecipient)} paid`),
          tx,
        );
      },
    },
  ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  for (const side of sides) {
    if (side.credit > 0) await wallet.credit(side.userId, side.credit, ref(side.creditNote), tx);
    await side.pay();
  }
  await holds.takeFee(tx, feeP + feeR, {
    refType: TRADE_REF,
    refId: trade.id,
    description: `Fee on the cash of a trade (${formatCents(fromProposer + fromRecipient)})`,
  });
  return feeP + feeR;
}
