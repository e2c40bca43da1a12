import { centsToDollars, type PackPurchaseResponse } from '@grail/contract';
import type { Tx } from '../../../db/client.js';
import type { pulls } from '../../../db/schema/index.js';
import type { PullSellBacks } from '../sell-back.js';

type PullRecord = typeof pulls.$inferSelect;

/**
 * The auto-sell rule's part of a purchase (decision 031): after the draw, in the purchase's
 * transaction, each new pull whose FMV is below the threshold (strictly) is sold back by the
 * sell-back's own rule. The draw is done by then, so the rule never changes which card comes out.
 * Answers the pulls as they now stand, in the same order, and the rule's line of the answer.
 */
export async function autoSell(
  tx: Tx,
  sellBacks: PullSellBacks,
  userId: string,
  drawn: PullRecord[],
  belowCents: number | undefined,
): Promise<{ pulls: PullRecord[]; autoSell: PackPurchaseResponse['autoSell'] }> {
  if (belowCents === undefined) return { pulls: drawn, autoSell: null };
  let creditCents = 0;
  let soldBack = 0;
  const after: PullRecord[] = [];
  for (const pull of drawn) {
    if (pull.fmvCents >= belowCents) {
      after.push(pull);
      continue;
    }
    const sold = await sellBacks.sellIn(tx, userId, pull, true);
    creditCents += sold.creditCents;
    soldBack += 1;
    after.push(sold.pull);
  }
  const first = after.find((p) => p.autoSold);
  if (first)
    await sellBacks.toldAutoSold(tx, userId, {
      count: soldBack,
      creditCents,
      belowCents,
      firstPullId: first.id,
    });
  return {
    pulls: after,
    autoSell: {
      below: centsToDollars(belowCents),
      soldBack,
      credited: centsToDollars(creditCents),
    },
  };
}
