import { SALE_KIND_LABELS, type Comps } from '@grail/contract';
import { Card } from '@/components/ui';
import { LineChart } from '@/components/ui/charts/Chart';
import { compactUsd, dateFormat, dateTimeFormat, formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import styles from './CardComps.module.css';

const dayFormat = dateFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

/**
 * The card's price history: its FMV with the source, a price-over-time chart of the last year's
 * counted sales (the shared line chart; screen readers get the figures in a table) and the last
 * sales with their kind. Sales between related accounts are left out by the server.
 */
export function CardComps({ comps }: { comps: Comps }) {
  return (
    <Card title="Price history" level={2} as="section" className={styles.card}>
      <CompsDetails comps={comps} />
    </Card>
  );
}

/** The price history's figures, chart and last sales, for a card section or a dialog. */
export function CompsDetails({ comps }: { comps: Comps }) {
  const { fmv, history, sales } = comps;
  return (
    <>
      <p className={styles.fmv} data-testid="listing-fmv">
        FMV <strong>{formatUsd(fmv.value)}</strong> from {fmv.source}, updated{' '}
        {dateTimeFormat.format(new Date(fmv.updatedAt))}
      </p>
      {history.length === 0 ? (
        <p className={ui.secondaryText}>
          No sales of this card yet: its price history starts with the first.
        </p>
      ) : (
        <>
          <LineChart
            label="Sale prices over time, chart"
            height={220}
            categories={history.map((p) => day(p.day))}
            left={{ format: compactUsd }}
            series={[
              { label: 'Sale price', values: history.map((p) => p.price), format: formatUsd },
            ]}
          />
          <div className={ui.visuallyHidden}>
            <table>
              <caption>Sale prices over time</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {history.map((p, i) => (
                  <tr key={`${p.day}-${i}`}>
                    <th scope="row">{day(p.day)}</th>
                    <td>{formatUsd(p.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {sales.length > 0 && (
        <>
          <h3 className={styles.heading}>
            Last {sales.length === 1 ? 'sale' : `${sales.length} sales`}
          </h3>
          <ol className={styles.sales} aria-label="Last sales" data-testid="listing-sales">
            {sales.map((s, i) => (
              <li key={`${s.soldAt}-${i}`}>
                <span>{dateTimeFormat.format(new Date(s.soldAt))}</span>
                <span className={styles.kind}>{SALE_KIND_LABELS[s.kind]}</span>
                <strong>{formatUsd(s.price)}</strong>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
