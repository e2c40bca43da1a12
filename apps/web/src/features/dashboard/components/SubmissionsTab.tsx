import clsx from 'clsx';
import { Link } from 'react-router';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { ButtonLink, Skeleton } from '@/components/ui';
import { useMySubmissions } from '@/lib/api/submissions';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { DashboardEmpty } from './DashboardEmpty';
import styles from './SubmissionsTab.module.css';
import tab from './tab.module.css';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/** Dashboard 'Submissions': every submission with its status, date and offer, newest first. */
export function SubmissionsTab() {
  const { data, isPending, isError, refetch } = useMySubmissions();
  if (isPending) {
    return (
      <div aria-busy aria-label="Loading your submissions" role="status">
        <Skeleton variant="rounded" height={160} />
      </div>
    );
  }
  if (isError) {
    return <LoadFailed onRetry={refetch}>Could not load your submissions.</LoadFailed>;
  }
  if (data.length === 0) {
    return (
      <DashboardEmpty to={paths.sellCards.getHref()} action="Sell your cards">
        You have not submitted any cards yet. Sell your PSA, BGS, SGC or CGC slabs and follow each
        one here.
      </DashboardEmpty>
    );
  }
  return (
    <div className={tab.tab}>
      <div className={styles.actions}>
        <ButtonLink to={paths.sellCards.getHref()} variant="outlined">
          New submission
        </ButtonLink>
      </div>
      <ul className={clsx(ui.stackList, tab.list)} aria-label="Your submissions">
        {data.map((s) => (
          <li
            key={s._id}
            data-testid="submission-row"
            className={clsx(ui.paper, tab.row, styles.submission)}
          >
            <div className={tab.rowMain}>
              <Link to={paths.submission.getHref(s._id)} className={styles.number}>
                {s.number}
              </Link>
              <p className={styles.note}>
                {s.cardCount} {s.cardCount === 1 ? 'card' : 'cards'} · submitted{' '}
                {dateTimeFormat.format(new Date(s.createdAt))}
              </p>
            </div>
            <div className={styles.status}>
              <SubmissionStatusChip status={s.status} />
            </div>
            <p className={styles.offer}>
              {s.offerTotal === null ? 'Offer pending' : `Offer ${formatUsd(s.offerTotal)}`}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
