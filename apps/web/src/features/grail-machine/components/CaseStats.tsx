import clsx from 'clsx';
import type { ActiveCaseResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './CaseStats.module.css';
import { ProgressBar } from '@/components/ProgressBar';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={styles.stat}>
      <span className={clsx(ui.secondaryText, styles.label)}>{label}</span>
      <p className={styles.value}>{value}</p>
      {hint && <span className={clsx(grail.caption, ui.secondaryText)}>{hint}</span>}
    </div>
  );
}

/** Pack price, remaining of total, guaranteed floor and expected value of the case. */
export function CaseStats({ live }: { live: ActiveCaseResponse }) {
  const pulled = live.totalItems - live.remaining;
  const left = live.totalItems ? (live.remaining / live.totalItems) * 100 : 0;
  return (
    <div className={clsx(ui.paper, grail.panel)}>
      <div className={styles.stats}>
        <Stat label="Pack price" value={formatUsd(live.packPrice)} />
        <Stat
          label="Guaranteed floor"
          value={formatUsd(live.floorValue)}
          hint={`Every pack is worth at least ${formatUsd(live.floorValue)} FMV`}
        />
        <Stat
          label="Expected value"
          value={formatUsd(live.expectedValue)}
          hint="Mean FMV of what remains"
        />
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
