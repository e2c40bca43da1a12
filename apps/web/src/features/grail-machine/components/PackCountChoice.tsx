import clsx from 'clsx';
import { PACK_COUNTS, type PackCount } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import styles from './PackCountChoice.module.css';

/** How many packs to buy at once: native radios in a row (arrow keys move between them). */
export function PackCountChoice({
  value,
  packPrice,
  remaining,
  onChange,
}: {
  value: PackCount;
  packPrice: number;
  /** Cards left in the case: more packs than that cannot be bought. */
  remaining: number;
  onChange: (packs: PackCount) => void;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend className={clsx(ui.body2, styles.legend)}>How many packs?</legend>
      <div className={styles.options}>
        {PACK_COUNTS.map((count) => (
          <label
            key={count}
            className={clsx(styles.option, count === value && styles.checked)}
            data-disabled={count > remaining || undefined}
          >
            <input
              type="radio"
              name="packs"
              value={count}
              checked={count === value}
              disabled={count > remaining}
              onChange={() => onChange(count)}
              className={styles.input}
            />
            <span className={styles.count}>{count === 1 ? '1 pack' : `${count} packs`}</span>
            <span className={clsx(ui.secondaryText, styles.total)}>
              {formatUsd(Math.round(count * packPrice * 100) / 100)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
