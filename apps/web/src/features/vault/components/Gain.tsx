import clsx from 'clsx';
import { formatGain } from './money';
import styles from './Gain.module.css';

/** A gain (green, "+") or loss (red, "-"): the sign says it as well as the colour. */
export function Gain({ value, className }: { value: number; className?: string }) {
  return (
    <span
      className={clsx(value > 0 && styles.up, value < 0 && styles.down, className)}
      data-testid="gain"
    >
      {formatGain(value)}
    </span>
  );
}
