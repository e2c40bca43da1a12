import clsx from 'clsx';
import type { ActiveCaseResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './CaseStats.module.css';
import { ProgressBar } from '@/components/ProgressBar';
import { ValueFigures } from './ValueFigures';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <span className={clsx(ui.secondaryText, styles.label)}>{label}</span>
      <p className={styles.value}>{value}</p>
    </div>
  );
}

/**
 * The pack price, and beside it what a pull is worth (ValueFigures: the chance it beats the price
 * first, the floor last), then how much of the case is left.
 */
export function CaseStats({ live }: { live: ActiveCaseResponse }) {
  const pulled = live.totalItems - live.remaining;
  const left = live.totalItems ? (live.remaining / live.totalItems) * 100 : 0;
  return (
    <div className={clsx(ui.paper, grail.panel)}>
      <div className={styles.stats}>
        <Stat label="Pack price" value={formatUsd(live.packPrice)} />
        <div className={styles.figures}>
          <ValueFigures live={live} />
        </div>
      </div>
      <div className={styles.count}>
        <p className={clsx(ui.body2, styles.remaining)}>
          {live.remaining} of {live.totalItems} remaining
        </p>
        <p className={clsx(ui.body2, ui.secondaryText)}>{pulled} pulled</p>
      </div>
      <ProgressBar
        percent={left}
        label={`${live.remaining} of ${live.totalItems} cards remaining`}
        className={styles.track}
        barClassName={styles.bar}
      />
    </div>
  );
}
