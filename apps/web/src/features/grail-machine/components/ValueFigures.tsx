import clsx from 'clsx';
import type { ActiveCaseResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import styles from './ValueFigures.module.css';

type Figures = Pick<
  ActiveCaseResponse,
  | 'packPrice'
  | 'remaining'
  | 'buybackPercent'
  | 'chanceAbovePrice'
  | 'cardsAbovePrice'
  | 'expectedValue'
  | 'expectedSellBackValue'
  | 'medianValue'
  | 'floorValue'
>;

/** "27.5%" or "27%": the server gives one decimal. */
const percent = (value: number) => `${value}%`;

/**
 * What the next pull is worth, in the terms a careful buyer compares with the price: the chance
 * its FMV beats the price, the expected value at FMV and at the sell-back rate, the median pull,
 * and last the floor. Every figure is over the cards still in the case (the checklist).
 */
export function ValueFigures({ live, compact }: { live: Figures; compact?: boolean }) {
  const rows: { label: string; value: string; hint: string }[] = [
    {
      label: 'Chance a pull beats the price',
      value: percent(live.chanceAbovePrice),
      hint: `${live.cardsAbovePrice} of the ${live.remaining} cards left have an FMV above ${formatUsd(live.packPrice)}`,
    },
    {
      label: 'Expected value',
      value: formatUsd(live.expectedValue),
      hint: 'Mean FMV of the cards left',
    },
    {
      label: 'Expected sell-back value',
      value: formatUsd(live.expectedSellBackValue),
      hint: `Mean of ${live.buybackPercent}% of FMV, what selling back pays`,
    },
    {
      label: 'Median pull',
      value: formatUsd(live.medianValue),
      hint: 'Half the cards left are worth less, half more',
    },
    {
      label: 'Floor',
      value: formatUsd(live.floorValue),
      hint: 'The lowest FMV left',
    },
  ];
  return (
    <dl className={clsx(styles.figures, compact && styles.compact)}>
      {rows.map((row) => (
        <div key={row.label} className={styles.figure}>
          <dt className={clsx(ui.secondaryText, styles.label)}>{row.label}</dt>
          <dd className={styles.value}>{row.value}</dd>
          {!compact && <dd className={clsx(ui.secondaryText, styles.hint)}>{row.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
