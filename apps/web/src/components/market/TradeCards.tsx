import { TRADE_MAX_CARDS } from '@grail/contract';
import { useId } from 'react';
import { CardImage } from '@/components/CardImage';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Checkbox, FormTextField, Skeleton } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import type { TradeDraft } from './tradeForms';
import ui from '@/lib/styles/ui.module.css';
import styles from './trades.module.css';

/** A card as one side of a trade shows it. */
export type TradeCardView = { id: string; name: string; grade: string; imageUrl: string };

/** A holding of the caller's vault as a trade shows it. */
export const holdingCardView = (h: {
  _id: string;
  card: { name: string; grade: string; imageUrl: string };
}): TradeCardView => ({
  id: h._id,
  name: h.card.name,
  grade: h.card.grade,
  imageUrl: h.card.imageUrl,
});

/** The cards and cash one side of a trade puts in: a picture, name and grade each, then the cash. */
export function TradeSideCards({
  title,
  cards,
  cash,
  testId,
}: {
  title: string;
  cards: readonly TradeCardView[];
  cash: number;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section className={styles.side} aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className={styles.sideTitle}>
        {title}
      </h3>
      {cards.length > 0 && (
        <ul className={styles.cardList}>
          {cards.map((card) => (
            <li key={card.id} className={styles.card}>
              <div className={styles.cardThumb}>
                <CardImage src={card.imageUrl} alt={card.name} sizes="48px" />
              </div>
              <div className={styles.cardText}>
                <span className={styles.cardName}>{card.name}</span>
                <span className={styles.cardGrade}>{card.grade}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {(cash > 0 || cards.length === 0) && (
        <p className={styles.cash}>{cash > 0 ? `+ ${formatUsd(cash)} cash` : 'No cards or cash'}</p>
      )}
    </section>
  );
}

/**
 * Choosing cards for a trade: a checkbox a card with its picture, name and grade, in a fieldset
 * named by `legend`; `error` is said under it.
 */
export function TradeCardPicker({
  legend,
  cards,
  selected,
  onChange,
  error,
  empty,
}: {
  legend: string;
  cards: readonly TradeCardView[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  empty: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={ui.plainFieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {cards.length === 0 ? (
        <p className={styles.note}>{empty}</p>
      ) : (
        <ul className={styles.pickList}>
          {cards.map((card) => (
            <li key={card.id} className={styles.pick}>
              <div className={styles.cardThumb}>
                <CardImage src={card.imageUrl} alt="" sizes="48px" />
              </div>
              <Checkbox
                checked={selected.includes(card.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...selected, card.id]
                      : selected.filter((id) => id !== card.id),
                  )
                }
                label={
                  <span className={styles.cardText}>
                    <span className={styles.cardName}>{card.name}</span>
                    <span className={styles.cardGrade}>{card.grade}</span>
                  </span>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The caller's own vault cards to give in a trade (only cards in the vault: a listed one must be
 * taken off sale first): a retry if the vault did not load, a placeholder while it loads.
 */
export function GiveCardsPicker({
  vault,
  cards,
  ...picker
}: {
  vault: { isError: boolean; data?: unknown; refetch: () => unknown };
  cards: readonly TradeCardView[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  empty: string;
}) {
  if (vault.isError)
    return <LoadFailed onRetry={() => void vault.refetch()}>Could not load your vault.</LoadFailed>;
  if (!vault.data) return <Skeleton variant="rounded" height={96} />;
  return (
    <TradeCardPicker
      legend={`Your cards to give (up to ${TRADE_MAX_CARDS})`}
      cards={cards}
      {...picker}
    />
  );
}

/** Cash one side of a trade puts in, in dollars and cents. */
export function TradeCashField({
  name,
  label,
  helperText,
}: {
  name: 'giveCash' | 'getCash';
  label: string;
  helperText?: string;
}) {
  return (
    <FormTextField<TradeDraft>
      name={name}
      label={label}
      type="number"
      step="0.01"
      min="0"
      inputMode="decimal"
      helperText={helperText}
    />
  );
}
