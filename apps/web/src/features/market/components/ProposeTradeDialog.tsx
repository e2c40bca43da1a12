import { TRADE_EXPIRY_DAYS, type Listing } from '@grail/contract';
import {
  GiveCardsPicker,
  TradeCashField,
  TradeSideCards,
  holdingCardView,
} from '@/components/market/TradeCards';
import {
  TradeForm,
  cardCount,
  emptyTradeDraft,
  type TradeDraft,
  type TradeTermsOut,
} from '@/components/market/tradeForms';
import { usePurchaseConfirmation } from '@/components/purchase/usePurchaseConfirmation';
import { SummaryRow } from '@/components/SummaryRow';
import { FormDialog } from '@/components/ui';
import { useProposeTrade, useSelling, useTradeableCards } from '@/lib/api/market';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import trades from '@/components/market/trades.module.css';
import styles from './ListingActions.module.css';

/**
 * A trade for a listing's card: 0 to 10 cards of the caller's vault and cash they give, cash they
 * may ask for. Their cards and cash are held while it is open; the seller has 7 days to answer.
 */
export function ProposeTradeDialog({
  listing,
  onClose,
  onSent,
}: {
  listing: Listing;
  onClose: () => void;
  onSent: () => void;
}) {
  const c = usePurchaseConfirmation({ open: true, amount: 0 });
  const vault = useTradeableCards();
  const feePercent = useSelling().data?.feePercent;
  const propose = useProposeTrade();
  const mine = (vault.data?.holdings ?? []).map(holdingCardView);
  const theirs = {
    id: listing.holdingId,
    name: listing.card.name,
    grade: listing.card.grade,
    imageUrl: listing.card.imageUrl,
  };
  return (
    <FormDialog<TradeDraft, TradeTermsOut>
      title="Propose a trade"
      description={`To @${listing.seller}, for ${listing.card.name}`}
      onClose={onClose}
      submitLabel="Send proposal"
      pending={propose.isPending}
      pendingText="Sending…"
      schema={TradeForm as never}
      defaultValues={emptyTradeDraft([listing.holdingId])}
      onSubmit={async (terms) => {
        try {
          await propose.mutateAsync({
            body: { to: listing.seller, ...terms },
            idempotencyKey: c.idempotencyKey,
          });
        } catch (error) {
          // Refused: nothing was held, so the next try is a new proposal.
          c.renewKey();
          notify.error(error instanceof Error ? error.message : 'Could not send the trade.');
          throw error;
        }
        notify.success(`Trade sent to @${listing.seller}: see it on the Trades tab of your vault.`);
        onSent();
      }}
      className={trades.dialogBody}
    >
      {(form) => {
        const give = form.watch('give');
        const typedCash = (name: 'giveCash' | 'getCash') => {
          const n = Number(form.watch(name) || 0);
          return Number.isFinite(n) && n > 0 ? n : 0;
        };
        return (
          <>
            <GiveCardsPicker
              vault={vault}
              cards={mine}
              selected={give}
              onChange={(next) =>
                form.setValue('give', next, { shouldValidate: form.formState.isSubmitted })
              }
              error={form.formState.errors.give?.message}
              empty="No cards in your vault to give: offer cash instead."
            />
            <div className={trades.cashRow}>
              <TradeCashField name="giveCash" label="Cash you give ($)" />
              <TradeCashField name="getCash" label="Cash you ask for ($)" helperText="Optional." />
            </div>
            <div className={trades.sides} data-testid="trade-summary">
              <TradeSideCards
                title="You give"
                cards={mine.filter((card) => give.includes(card.id))}
                cash={typedCash('giveCash')}
              />
              <TradeSideCards
                title={`@${listing.seller} gives`}
                cards={[theirs]}
                cash={typedCash('getCash')}
              />
            </div>
            <div className={styles.quote}>
              <SummaryRow label="You give" value={cardCount(give.length)} />
              <SummaryRow
                label="Your balance"
                value={c.balance === undefined ? '…' : formatUsd(c.balance)}
              />
              <SummaryRow
                label="Fee"
                value={feePercent === undefined ? '…' : `${feePercent}% of the cash only`}
              />
            </div>
            <ul className={trades.terms}>
              <li>
                While the trade is open your cards are held (in a trade) and the cash you give is
                held from your wallet.
              </li>
              <li>
                @{listing.seller} has {TRADE_EXPIRY_DAYS} days to accept, decline or counter; you
                may withdraw it until then. Unanswered, it expires and everything is released.
              </li>
              <li>
                On acceptance the cards and cash swap at once. The fee is taken from the cash only,
                never from the cards.
              </li>
            </ul>
          </>
        );
      }}
    </FormDialog>
  );
}
