import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { useAnalytics } from '../api/analytics';
import { DataTable, type Column } from '../components/DataTable';
import { RowForm } from '../components/RowForm';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const percent = (share: number | null) =>
  share === null ? '—' : `${Math.round(share * 1000) / 10}%`;
const usd = (v: number | null) => (v === null ? '' : formatUsd(v));
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
 * A chart and the same figures as a table. The drawing is hidden from screen readers, which
 * read the table; sighted visitors open it under "Table view".
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
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 3 }} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      {/* A picture of the table below, so hidden from screen readers and out of the tab order. */}
      <Box aria-hidden sx={{ minWidth: 0 }}>
        {chart}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
          Table view
        </Box>
        <DataTable label={title} columns={columns} rows={rows} rowKey={rowKey} />
      </Box>
    </Paper>
  );
}

function Charts({ data }: { data: AnalyticsResponse }) {
  const days = data.revenue.map((r) => r.day);
  const { buyback } = data;
  return (
    <>
      <ChartCard
        title="Revenue per day"
        description="Store orders, packs and break spots (net of refunds) stacked; top-ups beside them."
        chart={
          <BarChart
            height={300}
            disableKeyboardNavigation
            xAxis={[{ scaleType: 'band', data: days }]}
            yAxis={[{ valueFormatter: tickUsd, width: 56 }]}
            series={[
              {
                label: 'Store',
                data: data.revenue.map((r) => r.store),
                stack: 'sales',
                valueFormatter: usd,
              },
              {
                label: 'Packs',
                data: data.revenue.map((r) => r.packs),
                stack: 'sales',
                valueFormatter: usd,
              },
              {
                label: 'Breaks',
                data: data.revenue.map((r) => r.breaks),
                stack: 'sales',
                valueFormatter: usd,
              },
              { label: 'Top-ups', data: data.revenue.map((r) => r.topUps), valueFormatter: usd },
            ]}
          />
        }
        rows={data.revenue}
        rowKey={(r) => r.day}
        columns={[
          { name: 'Day', cell: (r) => r.day },
          { name: 'Store', cell: (r) => formatUsd(r.store) },
          { name: 'Packs', cell: (r) => formatUsd(r.packs) },
          { name: 'Breaks', cell: (r) => formatUsd(r.breaks) },
          { name: 'Top-ups', cell: (r) => formatUsd(r.topUps) },
        ]}
      />
      <ChartCard
        title="Packs sold per case"
        description="Packs sold in the range, and each case's expected value (mean FMV) against its pack price."
        chart={
          data.packsPerCase.length === 0 ? (
            <Typography>No packs sold in this range.</Typography>
          ) : (
            <BarChart
              height={300}
              disableKeyboardNavigation
              xAxis={[{ scaleType: 'band', data: data.packsPerCase.map((c) => c.name) }]}
              yAxis={[
                { id: 'packs', position: 'left' },
                { id: 'usd', position: 'right', valueFormatter: tickUsd, width: 56 },
              ]}
              series={[
                {
                  label: 'Packs sold',
                  data: data.packsPerCase.map((c) => c.packsSold),
                  yAxisId: 'packs',
                },
                {
                  label: 'EV',
                  data: data.packsPerCase.map((c) => c.expectedValue),
                  yAxisId: 'usd',
                  valueFormatter: usd,
                },
                {
                  label: 'Pack price',
                  data: data.packsPerCase.map((c) => c.packPrice),
                  yAxisId: 'usd',
                  valueFormatter: usd,
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
          <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', py: 1 }}>
            <Box>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
                {percent(buyback.rate)}
              </Typography>
              <Typography color="text.secondary">sold back</Typography>
            </Box>
            <Box>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
                {percent(buyback.creditToFmv)}
              </Typography>
              <Typography color="text.secondary">credit / FMV</Typography>
            </Box>
          </Stack>
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
            height={260}
            disableKeyboardNavigation
            // A point scale puts the last week's label on the right edge: room for half of it.
            margin={{ right: 40 }}
            xAxis={[{ scaleType: 'point', data: data.shippingCompliance.map((w) => w.week) }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
            series={[
              {
                label: 'On time',
                // A week alone between empty weeks is a point, not a line.
                showMark: true,
                data: data.shippingCompliance.map((w) =>
                  w.share === null ? null : Math.round(w.share * 1000) / 10,
                ),
                valueFormatter: (v) => (v === null ? 'nothing shipped' : `${v}%`),
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
            height={260}
            disableKeyboardNavigation
            xAxis={[{ scaleType: 'point', data: days }]}
            series={[
              { label: 'New', data: data.collectors.map((c) => c.new) },
              { label: 'Active', data: data.collectors.map((c) => c.active) },
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
 * /admin/analytics (ADVANCED_ANALYTICS): the staff dashboard. Its chart library is loaded with
 * this page only; the range lives in the address (?from=&to=, UTC days, both included).
 */
export function AdminAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const [draft, setDraft] = useState({ from, to });
  const report = useAnalytics(from, to);
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Analytics
      </Typography>
      <Box sx={{ mb: 3 }}>
        <RowForm
          aria-label="Date range"
          onSubmit={() => {
            setParams({ from: draft.from, to: draft.to });
          }}
        >
          <TextField
            type="date"
            size="small"
            label="From"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" disabled={!draft.from || !draft.to}>
            Show
          </Button>
        </RowForm>
      </Box>
      {report.isPending && <CircularProgress aria-label="Loading analytics" />}
      {report.isError && <Alert severity="error">{report.error.message}</Alert>}
      {report.data && <Charts data={report.data} />}
    </Box>
  );
}
