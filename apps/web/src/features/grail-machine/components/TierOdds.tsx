import clsx from 'clsx';
import type { TierOdds as Tier } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './TierOdds.module.css';

const band = (t: Tier) =>
  t.maxFmv === null
    ? `${formatUsd(t.minFmv)} and up`
    : t.minFmv === 0
      ? `under ${formatUsd(t.maxFmv + 0.01)}`
      : `${formatUsd(t.minFmv)} – ${formatUsd(t.maxFmv)}`;

/** The odds of the next pack by tier, from what remains in the case. */
export function TierOdds({ tiers }: { tiers: Tier[] }) {
  return (
    <div className={clsx(ui.paper, styles.odds)}>
      <h2 className={clsx(ui.h6, styles.title)}>Odds by tier</h2>
      <table aria-label="Odds by tier" className={clsx(ui.denseTable, grail.table)}>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">FMV</th>
            <th scope="col" className={grail.number}>
              Left
            </th>
            <th scope="col" className={grail.number}>
              Odds
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((t) => (
            <tr key={t.name}>
              <td className={styles.tier}>{t.name}</td>
              <td>{band(t)}</td>
              <td className={grail.number}>{t.remaining}</td>
              <td className={grail.number}>{(t.probability * 100).toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
