import clsx from 'clsx';
import { Link } from 'react-router';
import { PAYOUT_METHOD_LABELS } from '@grail/contract';
import { Skeleton } from '@/components/ui';
import { useMyPayments } from '@/lib/api/submissions';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import styles from './PaymentsTab.module.css';
import tab from './tab.module.css';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/**
 * Dashboard 'Payouts': what each sold submission paid, how, and when. Purchases and top-ups are
 * in the Wallet tab's history, which this points to.
 */
export function PaymentsTab() {
  const { data, isPending, isError, refetch } = useMyPayments();
  if (isPending) {
    return (
      <div aria-busy aria-label="Loading your payouts" role="status">
        <Skeleton variant="rounded" height={120} />
      </div>
    );
  }
  if (isError) {
    return <LoadFailed onRetry={refetch}>Could not load your payouts.</LoadFailed>;
  }
  if (data.length === 0) {
    return (
      <p className={styles.empty}>
        No payouts yet. When we buy cards from you, each payout shows here. Your purchases and
        top-ups are in your{' '}
        <Link to={paths.dashboard.getHref({ tab: 'wallet' })} className={styles.link}>
          wallet history
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className={clsx(ui.stackList, tab.list)} aria-label="Payouts">
      {data.map((p) => (
        <li
          key={p._id}
          data-testid="payment-row"
          className={clsx(ui.paper, tab.row, styles.payment)}
        >
          <div className={tab.rowMain}>
            <p className={styles.strong}>
              {PAYOUT_METHOD_LABELS[p.method]} for{' '}
              <Link to={paths.submission.getHref(p.submissionId)} className={styles.link}>
                {p.number}
              </Link>
            </p>
            <p className={styles.note}>Paid {dateTimeFormat.format(new Date(p.paidAt))}</p>
            {p.reference && <p className={styles.reference}>Reference {p.reference}</p>}
          </div>
          <div className={styles.amount}>
            <p className={styles.total}>{formatUsd(p.total)}</p>
            {p.bonus > 0 && <p className={styles.bonus}>incl. {formatUsd(p.bonus)} bonus</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
