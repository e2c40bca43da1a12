import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AnalyticsQuery, type AnalyticsResponse } from '@grail/contract';
import clsx from 'clsx';
import { Alert, Card, Form, FormSubmit, FormTextField, Spinner } from '@/components/ui';
import { BarChart, LineChart } from '@/components/ui/charts/Chart';
import { formatUsd } from '@/lib/format';
import { useAnalytics } from '../api/analytics';
import { DataTable, type Column } from '../components/DataTable';
import admin from '../admin.module.css';
import styles from './AdminAnalyticsPage.module.css';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const percent = (share: number | null) =>
  share === null ? '—' : `${Math.round(share * 1000) / 10}%`;
// Axis ticks: "$1.2K" fits beside the chart where "$1,200.00" would be cut.
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
});
const tickUsd = (v: number) => compactUsd.format(v);

/** The last 30 days, today (UTC) included. */
const defaultRange = () => ({ from: isoDay(Date.now() - 29 * DAY_MS), to: isoDay(Date.now()) });

/**
 * A chart and the same figures as a table. Screen readers hear the chart's name and read the
 * table; sighted visitors open it under "Table view".
 */
function ChartCard<R>({
  title,
  description,
  chart,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R) => string;
}) {
  return (
    <Card as="section" title={title} className={styles.card}>
      <p className={`${admin.muted} ${admin.small} ${styles.description}`}>{description}</p>
      {chart}
      <details className={styles.details}>
        <summary className={styles.summary}>Table view</summary>
        <DataTable label={title} columns={columns} rows={rows} rowKey={rowKey} />
      </details>
    </Card>
  );
}

function Charts({ data }: { data: AnalyticsResponse }) {
  const days = data.revenue.map((r) => r.day);
  const { buyback } = data;
  return (
    <>
      <ChartCard
        title="Revenue per day"
        description="Store orders, packs, break spots and shipping fees (net of refunds) stacked; top-ups beside them."
        chart={
          <BarChart
            label="Revenue per day, chart"
            categories={days}
            left={{ format: tickUsd }}
            series={[
              { label: 'Store', values: data.revenue.map((r) => r.store), stack: 'sales' },
              { label: 'Packs', values: data.revenue.map((r) => r.packs), stack: 'sales' },
              { label: 'Breaks', values: data.revenue.map((r) => r.breaks), stack: 'sales' },
              { label: 'Shipping', values: data.revenue.map((r) => r.shipping), stack: 'sales' },
              { label: 'Top-ups', values: data.revenue.map((r) => r.topUps) },
            ].map((s) => ({ ...s, format: formatUsd }))}
          />
        }
        rows={data.revenue}
        rowKey={(r) => r.day}
        columns={[
          { name: 'Day', cell: (r) => r.day },
          { name: 'Store', cell: (r) => formatUsd(r.store) },
          { name: 'Packs', cell: (r) => formatUsd(r.packs) },
          { name: 'Breaks', cell: (r) => formatUsd(r.breaks) },
          { name: 'Shipping', cell: (r) => formatUsd(r.shipping) },
          { name: 'Top-ups', cell: (r) => formatUsd(r.topUps) },
        ]}
      />
      <ChartCard
        title="Packs sold per case"
        description="Packs sold in the range, and each case's expected value (mean FMV) against its pack price."
        chart={
          data.packsPerCase.length === 0 ? (
            <p className={styles.none}>No packs sold in this range.</p>
          ) : (
            <BarChart
              label="Packs sold per case, chart"
              categories={data.packsPerCase.map((c) => c.name)}
              right={{ format: tickUsd }}
              series={[
                { label: 'Packs sold', values: data.packsPerCase.map((c) => c.packsSold) },
                {
                  label: 'EV',
                  values: data.packsPerCase.map((c) => c.expectedValue),
                  axis: 'right',
                  format: formatUsd,
                },
                {
                  label: 'Pack price',
                  values: data.packsPerCase.map((c) => c.packPrice),
                  axis: 'right',
                  format: formatUsd,
                },
              ]}
            />
          )
        }
        rows={data.packsPerCase}
        rowKey={(c) => c.caseId}
        columns={[
          { name: 'Case', cell: (c) => c.name },
          { name: 'Packs sold', cell: (c) => c.packsSold },
          { name: 'EV', cell: (c) => formatUsd(c.expectedValue) },
          { name: 'Pack price', cell: (c) => formatUsd(c.packPrice) },
        ]}
      />
      <ChartCard
        title="Buyback"
        description="Of the pulls made in the range: the share sold back, and the credit paid against their FMV."
        chart={
          // A figure is a div: axe reads a large bold paragraph before another as a fake heading.
          <div className={styles.figures}>
            <div>
              <div className={admin.figure}>{percent(buyback.rate)}</div>
              <p className={admin.muted}>sold back</p>
            </div>
            <div>
              <div className={admin.figure}>{percent(buyback.creditToFmv)}</div>
              <p className={admin.muted}>credit / FMV</p>
            </div>
          </div>
        }
        rows={[buyback]}
        rowKey={() => 'buyback'}
        columns={[
          { name: 'Pulled', cell: (b) => b.pulled },
          { name: 'Sold back', cell: (b) => b.soldBack },
          { name: 'Rate', cell: (b) => percent(b.rate) },
          { name: 'Credit', cell: (b) => formatUsd(b.credit) },
          { name: 'FMV', cell: (b) => formatUsd(b.fmv) },
          { name: 'Credit / FMV', cell: (b) => percent(b.creditToFmv) },
        ]}
      />
      <ChartCard
        title="48-hour shipping compliance per week"
        description="Share of the boxes shipped each week (from Monday, UTC) that left within 48 hours."
        chart={
          <LineChart
            label="48-hour shipping compliance per week, chart"
            height={260}
            categories={data.shippingCompliance.map((w) => w.week)}
            left={{ max: 100, format: (v) => `${v}%` }}
            series={[
              {
                label: 'On time',
                values: data.shippingCompliance.map((w) =>
                  w.share === null ? null : Math.round(w.share * 1000) / 10,
                ),
                format: (v) => `${v}%`,
              },
            ]}
          />
        }
        rows={data.shippingCompliance}
        rowKey={(w) => w.week}
        columns={[
          { name: 'Week of', cell: (w) => w.week },
          { name: 'Shipped', cell: (w) => w.shipped },
          { name: 'On time', cell: (w) => w.onTime },
          { name: 'Share', cell: (w) => percent(w.share) },
        ]}
      />
      <ChartCard
        title="New and active collectors per day"
        description="Accounts created each day, and accounts with any wallet entry that day."
        chart={
          <LineChart
            label="New and active collectors per day, chart"
            height={260}
            categories={days}
            series={[
              { label: 'New', values: data.collectors.map((c) => c.new) },
              { label: 'Active', values: data.collectors.map((c) => c.active) },
            ]}
          />
        }
        rows={data.collectors}
        rowKey={(c) => c.day}
        columns={[
          { name: 'Day', cell: (c) => c.day },
          { name: 'New', cell: (c) => c.new },
          { name: 'Active', cell: (c) => c.active },
        ]}
      />
    </>
  );
}

/**
 * /admin/analytics (ADVANCED_ANALYTICS): the staff dashboard, its charts drawn as plain SVG; the
 * range lives in the address (?from=&to=, UTC days, both included).
 */
export function AdminAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const report = useAnalytics(from, to);
  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Analytics</h1>
      <Form
        label="Date range"
        schema={AnalyticsQuery}
        defaultValues={{ from, to }}
        onSubmit={(range) => setParams(range)}
        className={clsx(admin.row, styles.range)}
      >
        <FormTextField type="date" name="from" label="From" />
        <FormTextField type="date" name="to" label="To" />
        <FormSubmit size="medium" fullWidth={false}>
          Show
        </FormSubmit>
      </Form>
      {report.isPending && <Spinner label="Loading analytics" />}
      {report.isError && <Alert severity="error">{report.error.message}</Alert>}
      {report.data && <Charts data={report.data} />}
    </section>
  );
}
