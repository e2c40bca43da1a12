import { useRef } from 'react';
import { TRADE_EXPIRY_DAYS, type Trade } from '@grail/contract';
import { Button, Dialog, FormDialog } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { useAcceptTrade, useCounterTrade, useTradeableCards } from '@/lib/api/market';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import {
  GiveCardsPicker,
  TradeCardPicker,
  TradeCashField,
  TradeSideCards,
  holdingCardView,
  type TradeCardView,
} from './TradeCards';
import { TradeForm, emptyTradeDraft, type TradeDraft, type TradeTermsOut } from './tradeForms';
import styles from './trades.module.css';

const failed = (fallback: string) => (error: unknown) =>
  notify.error(error instanceof ApiError ? error.message : fallback);

export const cardsOf = (side: Trade['proposer']): TradeCardView[] =>
  side.cards.map((c) => ({ id: c.holdingId, name: c.name, grade: c.grade, imageUrl: c.imageUrl }));

/** The cash a side receives after the fee on the cash part (rounded down to the cent). */
const afterFee = (cash: number, feePercent: number) =>
  (Math.round(cash * 100) - Math.floor((Math.round(cash * 100) * feePercent) / 100)) / 100;

/**
 * Asks before the recipient accepts: exactly which cards and cash move each way, and the fee on
 * the cash only. One Idempotency-Key per confirmation (a double click swaps once).
 */
export function AcceptTradeDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const accept = useAcceptTrade();
  const key = useRef(crypto.randomUUID());
  const { proposer, recipient, feePercent } = trade;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Accept this trade?"
      description={`Every card and the cash swap at once with @${proposer.collector}.`}
      actions={
        <>
          <Button onClick={onClose}>Not now</Button>
          <Button
            variant="contained"
            loading={accept.isPending}
            loadingText="Accepting…"
            onClick={() =>
              accept.mutate(
                { tradeId: trade._id, idempotencyKey: key.current },
                {
                  onSuccess: () => {
                    notify.success(
                      `Trade accepted: the cards from @${proposer.collector} are in your vault.`,
                    );
                    onClose();
                  },
                  onError: (error) => {
                    // Refused: nothing moved, so the next try is a new acceptance.
                    key.current = crypto.randomUUID();
                    failed('Could not accept the trade.')(error);
                  },
                },
              )
            }
          >
            Accept trade
          </Button>
        </>
      }
    >
      <div className={styles.sides} data-testid="accept-summary">
        <TradeSideCards
          title={`You receive from @${proposer.collector}`}
          cards={cardsOf(proposer)}
          cash={proposer.cash}
        />
        <TradeSideCards
          title={`You give @${proposer.collector}`}
          cards={cardsOf(recipient)}
          cash={recipient.cash}
        />
      </div>
      <ul className={styles.terms}>
        {proposer.cash > 0 && (
          <li>
            {formatUsd(afterFee(proposer.cash, feePercent))} reaches your wallet (
            {formatUsd(proposer.cash)} less the {feePercent}% fee on cash).
          </li>
        )}
        {recipient.cash > 0 && <li>{formatUsd(recipient.cash)} is paid from your wallet.</li>}
        <li>The fee applies to the cash only; the cards move without a fee.</li>
      </ul>
    </Dialog>
  );
}

/**
 * Answers a trade with the recipient's own terms: which of the proposer's offered cards they ask
 * for, cash asked, which of their vault cards they give, and cash given. The original ends as
 * countered and the counter opens, with the sides swapped.
 */
export function CounterTradeDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const counter = useCounterTrade();
  const vault = useTradeableCards();
  const theirs = cardsOf(trade.proposer);
  const who = `@${trade.proposer.collector}`;
  const mine = (vault.data?.holdings ?? []).map(holdingCardView);
  return (
    <FormDialog<TradeDraft, TradeTermsOut>
      title="Counter this trade"
      description={`Your own terms for ${who}: their proposal ends as countered.`}
      onClose={onClose}
      submitLabel="Send counter"
      pending={counter.isPending}
      pendingText="Sending…"
      schema={TradeForm as never}
      defaultValues={{
        ...emptyTradeDraft(theirs.map((c) => c.id)),
        giveCash: trade.recipient.cash ? trade.recipient.cash.toFixed(2) : '',
        getCash: trade.proposer.cash ? trade.proposer.cash.toFixed(2) : '',
      }}
      onSubmit={async (body) => {
        try {
          await counter.mutateAsync({ tradeId: trade._id, body });
        } catch (error) {
          failed('Could not send the counter.')(error);
          throw error;
        }
        notify.success(`Counter sent to ${who}: your cards and cash are held until they answer.`);
        onClose();
      }}
      className={styles.dialogBody}
    >
      {(form) => {
        const pick = (name: 'get' | 'give') => (next: string[]) =>
          form.setValue(name, next, { shouldValidate: form.formState.isSubmitted });
        return (
          <>
            <TradeCardPicker
              legend={`${who}'s cards you ask for`}
              cards={theirs}
              selected={form.watch('get')}
              onChange={pick('get')}
              error={form.formState.errors.get?.message}
              empty={`${who} offered no cards: ask for cash instead.`}
            />
            {theirs.length === 0 && (
              <p className={styles.note}>
                A counter must ask for at least one card; decline instead to say no.
              </p>
            )}
            <GiveCardsPicker
              vault={vault}
              cards={mine}
              selected={form.watch('give')}
              onChange={pick('give')}
              error={form.formState.errors.give?.message}
              empty="No cards in your vault to give (a listed card must be taken off sale first)."
            />
            <div className={styles.cashRow}>
              <TradeCashField name="getCash" label="Cash you ask for ($)" />
              <TradeCashField name="giveCash" label="Cash you give ($)" />
            </div>
            <p className={styles.note}>
              The cards and cash you give are held while your counter is open; {who} has{' '}
              {TRADE_EXPIRY_DAYS} days to answer. The {trade.feePercent}% fee applies to cash only.
            </p>
          </>
        );
      }}
    </FormDialog>
  );
}
