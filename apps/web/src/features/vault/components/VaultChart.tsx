import { Card, Skeleton } from '@/components/ui';
import { LineChart } from '@/components/ui/charts/Chart';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { compactUsd, dateFormat, formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { useVaultHistory } from '../api/holdings';
import styles from './VaultChart.module.css';

const dayFormat = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

/**
 * The vault's value (and cost) at the end of each day, drawn with the shared line chart; screen
 * readers get the same figures in a table and the change in one sentence.
 */
export function VaultChart() {
  const history = useVaultHistory();
  const points = history.data?.points ?? [];
  const first = points[0];
  const last = points.at(-1);
  return (
    <Card title="Value over time" level={2} as="section" className={styles.card}>
      {history.isPending ? (
        <Skeleton variant="rounded" height={220} />
      ) : history.isError ? (
        <LoadFailed onRetry={() => void history.refetch()}>
          Could not load your vault&apos;s history.
        </LoadFailed>
      ) : !first || !last ? (
        <p className={ui.secondaryText}>
          Your vault&apos;s value appears here once it holds a card.
        </p>
      ) : (
        <>
          <p className={ui.secondaryText} data-testid="vault-history-summary">
            {points.length === 1
              ? `Worth ${formatUsd(last.value)} on ${day(last.day)}.`
              : `From ${formatUsd(first.value)} on ${day(first.day)} to ${formatUsd(last.value)} on ${day(last.day)}.`}
          </p>
          <LineChart
            label="Vault value over time, chart"
            height={220}
            categories={points.map((p) => day(p.day))}
            left={{ format: compactUsd }}
            series={[
              { label: 'Value', values: points.map((p) => p.value), format: formatUsd },
              { label: 'Cost', values: points.map((p) => p.cost), format: formatUsd },
            ]}
          />
          {/* Hidden by a box around it: a table itself is not clipped by overflow, so its cells
              would widen the page. */}
          <div className={ui.visuallyHidden}>
            <table>
              <caption>Vault value and cost at the end of each day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Value</th>
                  <th scope="col">Cost</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.day}>
                    <th scope="row">{day(p.day)}</th>
                    <td>{formatUsd(p.value)}</td>
                    <td>{formatUsd(p.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
