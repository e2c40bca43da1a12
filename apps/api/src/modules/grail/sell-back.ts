import { eq, sql } from 'drizzle-orm';
import { formatCents, percentOfCents } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import { pulls } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { returnPulledCard } from '../inventory/cards.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { sellBackPulledCard } from '../vault/holdings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { buybackDeadline, type BuybackTerms } from './pull.view.js';

type PullRecord = typeof pulls.$inferSelect;

/** The 409 of a pull whose card is no longer in the vault. */
export const leftTheVault = (state: string) =>
  conflict(state === 'sold_back' ? 'This pull was sold back.' : 'This pull was already claimed.', {
    state,
  });

export interface SellBackDeps {
  wallet: WalletService;
  buyback: BuybackTerms;
  limits: LimitsService;
  notifications: Pick<NotificationsService, 'notify' | 'answered'>;
}

/**
 * Selling a pull back: the one rule for a collector's sell-back and for the auto-sell rule's
 * (decision 031), so both credit and write the same.
 */
export class PullSellBacks {
  constructor(private readonly deps: SellBackDeps) {}

  /**
   * Sells `pull` back inside `tx`: BUYBACK_PERCENT of the FMV recorded with the pull, within the
   * window, while its card is in the vault; the card returns to inventory. The caller holds the
   * pull (locked, or written in this transaction) and has checked it is the collector's.
   * `autoSold` marks a pull sold by the buyer's auto-sell rule in the purchase that drew it.
   */
  async sellIn(
    tx: Tx,
    userId: string,
    pull: PullRecord,
    autoSold = false,
  ): Promise<{ pull: PullRecord; creditCents: number; balanceCents: number }> {
    const { wallet, buyback, limits, notifications } = this.deps;
    if (new Date() >= buybackDeadline(pull.pulledAt, buyback)) {
      throw conflict(
        `The sell-back window of ${buyback.windowHours} hours has passed for this pull.`,
      );
    }
    const credit = percentOfCents(pull.fmvCents, buyback.percent);
    await limits.checkSellBack(userId, credit, pull.priceCents, tx);
    // The card leaves the vault first: a ship request that took it meanwhile wins, and this 409s.
    const found = await sellBackPulledCard(tx, pull.id);
    if (found) throw leftTheVault(found);
    const balanceCents =
      credit > 0
        ? await wallet.credit(
            userId,
            credit,
            {
              kind: 'buyback',
              refType: 'pull',
              refId: pull.id,
              description: `Sell-back of pull #${pull.k} at ${buyback.percent}% of FMV`,
            },
            tx,
          )
        : await wallet.balance(userId, tx);
    const [sold] = await tx
      .update(pulls)
      .set({ soldBackAt: sql`now()`, buybackCents: credit, autoSold })
      .where(eq(pulls.id, pull.id))
      .returning();
    // The card returns to inventory; it stays out of future cases (a card is in one case at most).
    await returnPulledCard(tx, pull.cardId);
    await notifyChange('catalog', tx);
    await notifications.answered(tx, userId, { type: 'pull', id: pull.id });
    // A purchase's auto-sold pulls are told in one notice (autoSell), not one each.
    if (!autoSold)
      await notifications.notify(tx, userId, {
        category: 'receipts',
        kind: 'pull.sold_back',
        title: `Sold back for ${formatCents(credit)}`,
        body: `Pull #${pull.k} was sold back at ${buyback.percent}% of its fair market value; ${formatCents(credit)} is in your wallet.`,
        link: `/pulls/${pull.id}`,
        subject: { type: 'pull', id: pull.id },
      });
    return { pull: sold!, creditCents: credit, balanceCents };
  }

  /** Tells the collector, once per purchase, what their auto-sell rule sold back. */
  async toldAutoSold(
    tx: Tx,
    userId: string,
    sold: { count: number; creditCents: number; belowCents: number; firstPullId: string },
  ): Promise<void> {
    const pulls = sold.count === 1 ? '1 pull' : `${sold.count} pulls`;
    await this.deps.notifications.notify(tx, userId, {
      category: 'receipts',
      kind: 'pull.auto_sold',
      title: `Auto-sell sold back ${pulls} for ${formatCents(sold.creditCents)}`,
      body: `Your rule sells back at once every pull whose FMV is below ${formatCents(sold.belowCents)}; ${formatCents(sold.creditCents)} is in your wallet.`,
      link: `/pulls/${sold.firstPullId}`,
    });
  }
}
