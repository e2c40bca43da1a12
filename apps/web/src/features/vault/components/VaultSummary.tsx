import clsx from 'clsx';
import type { VaultTotals } from '@grail/contract';
import { Skeleton } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { Gain } from './Gain';
import styles from './VaultSummary.module.css';

/** The whole vault's worth: what it is worth now, what it cost, the difference, how many cards. */
export function VaultSummary({ totals }: { totals: VaultTotals | undefined }) {
  const stat = (label: string, value: React.ReactNode, testId: string) => (
    <div className={clsx(ui.paper, styles.stat)}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {totals ? value : <Skeleton width={96} />}
      </dd>
    </div>
  );
  return (
    <dl className={styles.stats} aria-busy={!totals}>
      {stat('Portfolio value', totals && formatUsd(totals.value), 'vault-value')}
      {stat('Cost', totals && formatUsd(totals.cost), 'vault-cost')}
      {stat('Gain/loss', totals && <Gain value={totals.gain} />, 'vault-gain')}
      {stat('Cards', totals?.cards, 'vault-cards')}
    </dl>
  );
}
