import {
  WITHDRAWAL_PAYOUT_TIME_TEXT,
  WITHDRAWAL_STATUS_LABELS,
  type Withdrawal,
  type WithdrawalStatus,
} from '@grail/contract';
import { Badge, Skeleton, Table, type Column } from '@/components/ui';
import { dateFormat, dateTimeFormat, formatUsd } from '@/lib/format';
import { useWithdrawals } from '../api/withdrawals';
import styles from './WithdrawalsList.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const day = dateFormat({ weekday: 'short', month: 'short', day: 'numeric' });
const TONE: Record<WithdrawalStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  paid: 'success',
  rejected: 'error',
};

/** What happened or happens next: paid with its reference, rejected with why, or the payout date. */
function outcome(w: Withdrawal) {
  if (w.status === 'paid') return `Reference ${w.reference}`;
  if (w.status === 'rejected') return `${w.rejectReason} The amount is back in your cash.`;
  return `Paid by ${day.format(new Date(w.payBy))}`;
}

const columns: Column<Withdrawal>[] = [
  {
    key: 'date',
    title: 'Requested',
    cell: (w) => dateTimeFormat.format(new Date(w.createdAt)),
  },
  { key: 'to', title: 'To', cell: (w) => w.payoutMethod.masked },
  {
    key: 'status',
    title: 'Status',
    cell: (w) => (
      <span className={styles.status}>
        <Badge tone={TONE[w.status]}>{WITHDRAWAL_STATUS_LABELS[w.status]}</Badge>
        <span>{outcome(w)}</span>
      </span>
    ),
  },
  { key: 'amount', title: 'Amount', align: 'right', cell: (w) => formatUsd(w.amount) },
];

/** The collector's withdrawals and their status, newest first. */
export function WithdrawalsList() {
  const { data, isPending, isError, refetch } = useWithdrawals();
  return (
    <section aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className={styles.title}>
        Withdrawals
      </h2>
      <p className={styles.note}>{WITHDRAWAL_PAYOUT_TIME_TEXT}</p>
      {isError && <LoadFailed onRetry={refetch}>Could not load your withdrawals.</LoadFailed>}
      {isPending && <Skeleton variant="rounded" height={80} />}
      {data && (
        <div className={styles.table}>
          <Table
            label="Withdrawals"
            columns={columns}
            rows={data.withdrawals}
            rowKey={(w) => w._id}
            rowProps={(w) => ({ 'data-testid': `withdrawal-${w.status}` })}
            empty="No withdrawals yet."
          />
        </div>
      )}
    </section>
  );
}
