import clsx from 'clsx';
import type { BreakDetail } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { Badge } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import ui from '@/lib/styles/ui.module.css';
import styles from './SpotsTable.module.css';

/**
 * Every spot: its team (drawn or chosen), who holds it and its price. In a pick-your-team break
 * on sale, free teams can be ticked to buy.
 */
export function SpotsTable({
  b,
  selectable,
  selected,
  onToggle,
}: {
  b: BreakDetail;
  selectable: boolean;
  selected: number[];
  onToggle: (spotNumber: number) => void;
}) {
  const showPrice = b.format === 'pick_team';
  return (
    <div className={styles.frame}>
      <table className={clsx(ui.denseTable, styles.table)} aria-label="Spots">
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className={styles.pick}>
                <span className={ui.visuallyHidden}>Choose</span>
              </th>
            )}
            <th scope="col">Spot</th>
            <th scope="col">Team</th>
            <th scope="col">Holder</th>
            {showPrice && (
              <th scope="col" className={styles.amount}>
                Price
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {b.spots.map((s) => {
            const free = !s.sold;
            const checked = selected.includes(s.spotNumber);
            return (
              <tr
                key={s.spotNumber}
                data-selected={checked}
                data-hover={selectable && free}
                data-testid="spot-row"
              >
                {selectable && (
                  <td className={styles.pick}>
                    <Checkbox
                      checked={checked}
                      disabled={!free}
                      onChange={() => onToggle(s.spotNumber)}
                      label={
                        <span className={ui.visuallyHidden}>
                          {`Choose ${s.team ?? `spot ${s.spotNumber}`}`}
                        </span>
                      }
                    />
                  </td>
                )}
                <td>{s.spotNumber}</td>
                <td className={s.team ? styles.team : undefined}>
                  {s.team ?? <span className={styles.quiet}>To be drawn</span>}
                </td>
                <td>
                  {s.mine ? (
                    <Badge tone="success" variant="filled">
                      You
                    </Badge>
                  ) : (
                    (s.holder ??
                    (b.status === 'open' ? (
                      <span className={styles.available}>Available</span>
                    ) : (
                      <span className={styles.quiet}>House</span>
                    )))
                  )}
                </td>
                {showPrice && <td className={styles.amount}>{formatUsd(s.price)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
