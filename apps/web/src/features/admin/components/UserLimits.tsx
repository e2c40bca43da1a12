import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table } from '@/components/ui';
import { LIMIT_WINDOW_LABELS, type LimitWindowState } from '@grail/contract';
import { limitEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import admin from '../admin.module.css';
import styles from './UserLimits.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const at = (iso: string) => dateTimeFormat.format(new Date(iso));

type LimitRow = LimitWindowState & { title: string };

const rowsOf = (title: string, windows: LimitWindowState[]): LimitRow[] =>
  windows.map((w) => ({ ...w, title }));

/**
 * A collector's responsible-play controls for staff: read-only, since staff cannot lift a limit,
 * time-out or self-exclusion early.
 */
export function UserLimits({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['admin', 'users', userId, 'limits'],
    queryFn: ({ signal }) =>
      callApi(limitEndpoints.adminUserLimits, { params: { userId }, signal }),
  });
  return (
    <section className={admin.panel} aria-labelledby="user-limits">
      <h2 className={admin.heading} id="user-limits">
        Limits and exclusions
      </h2>
      {isPending && <Skeleton variant="rounded" height={160} />}
      {isError && (
        <LoadFailed onRetry={refetch}>Could not load this collector&apos;s limits.</LoadFailed>
      )}
      {data && (
        <div className={styles.body}>
          <div className={admin.stack}>
            {data.selfExclusion && (
              <Alert severity="warning">
                Self-excluded: period until {at(data.selfExclusion.until)}
                {data.selfExclusion.endEffectiveAt
                  ? `, ends ${at(data.selfExclusion.endEffectiveAt)}.`
                  : '; no end requested.'}
              </Alert>
            )}
            {data.timeOutUntil && (
              <Alert severity="info">On a time-out until {at(data.timeOutUntil)}.</Alert>
            )}
            {data.canPurchase && <p className={admin.muted}>No time-out or self-exclusion.</p>}
            <p className={styles.text}>
              Spent in the last 30 days: <strong>{formatUsd(data.spentLast30Days)}</strong>. Reality
              check:{' '}
              {data.realityCheckMinutes ? `every ${data.realityCheckMinutes} minutes` : 'off'}.
            </p>
          </div>
          <Table
            label="Spending and deposit limits"
            rows={[...rowsOf('Spending', data.spending), ...rowsOf('Deposit', data.deposit)]}
            rowKey={(w) => `${w.title}-${w.window}`}
            columns={[
              {
                key: 'limit',
                title: 'Limit',
                cell: (w) => `${w.title}, ${LIMIT_WINDOW_LABELS[w.window]}`,
              },
              {
                key: 'amount',
                title: 'Amount',
                cell: (w) => (w.amount === null ? 'None' : formatUsd(w.amount)),
              },
              { key: 'used', title: 'Used', cell: (w) => formatUsd(w.used) },
              {
                key: 'pending',
                title: 'Pending change',
                label: 'Pending',
                cell: (w) =>
                  w.pending
                    ? `${w.pending.amount === null ? 'Removal' : formatUsd(w.pending.amount)} from ${at(w.pending.effectiveAt)}`
                    : '—',
              },
            ]}
          />
          <p className={`${admin.muted} ${admin.small}`}>
            Staff cannot lift these early; only the collector can change them, under the same
            cooling-off rules.
          </p>
        </div>
      )}
    </section>
  );
}
