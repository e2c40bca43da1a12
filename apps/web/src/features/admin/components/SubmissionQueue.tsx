import clsx from 'clsx';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type AdminSubmissionSummary,
  type SubmissionStatus,
} from '@grail/contract';
import { Alert, Badge, Select, Skeleton } from '@/components/ui';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { formatUsd } from '@/lib/format';
import { useSubmissionQueue } from '../api/submissions';
import { Pager } from './Pager';
import admin from '../admin.module.css';
import styles from './SubmissionQueue.module.css';
import ui from '@/lib/styles/ui.module.css';

const DAY_MS = 24 * 3600_000;

/** How long a submission has waited, in whole days or hours. */
export function age(iso: string, now = Date.now()) {
  const ms = Math.max(0, now - new Date(iso).getTime());
  if (ms < DAY_MS) {
    const hours = Math.floor(ms / 3600_000);
    return hours < 1 ? 'under an hour' : `${hours} h`;
  }
  const days = Math.floor(ms / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function Row({
  s,
  selected,
  onSelect,
}: {
  s: AdminSubmissionSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        data-testid="queue-row"
        aria-current={selected ? 'true' : undefined}
        className={clsx(ui.rowButton, styles.row)}
      >
        <span className={styles.rowHead}>
          <span className={styles.number}>{s.number}</span>
          <SubmissionStatusChip status={s.status} />
        </span>
        <span className={styles.line}>
          {s.collector} · {s.cardCount} {s.cardCount === 1 ? 'card' : 'cards'} · waiting{' '}
          {age(s.submittedAt)}
        </span>
        <span className={styles.line}>
          {s.offerTotal !== null
            ? `Offer ${formatUsd(s.offerTotal)}`
            : s.askingTotal !== null
              ? `Asking ${formatUsd(s.askingTotal)}`
              : 'No asking price'}
        </span>
      </button>
    </li>
  );
}

/** The review queue: oldest first, filtered by status, one page at a time. */
export function SubmissionQueue({
  status,
  onStatus,
  page,
  onPage,
  selected,
  onSelect,
}: {
  status: SubmissionStatus | undefined;
  onStatus: (status: SubmissionStatus | undefined) => void;
  page: number;
  onPage: (page: number) => void;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const queue = useSubmissionQueue(status, page);
  const counts = queue.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <div className={clsx(ui.paper, styles.panel)}>
      <div className={styles.filter}>
        <Select
          label="Status"
          value={status ?? 'all'}
          onValueChange={(value) =>
            onStatus(value === 'all' ? undefined : (value as SubmissionStatus))
          }
          options={[
            { value: 'all', label: `All (${total})` },
            ...SUBMISSION_STATUSES.map((s) => ({
              value: s,
              label: `${SUBMISSION_STATUS_LABELS[s]} (${counts[s] ?? 0})`,
            })),
          ]}
        />
      </div>
      {queue.isPending ? (
        <div className={styles.loading} aria-busy="true" aria-label="Loading the queue">
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </div>
      ) : queue.isError ? (
        <Alert severity="error" className={styles.message}>
          Could not load the queue. {queue.error.message}
        </Alert>
      ) : queue.data.submissions.length === 0 ? (
        <p className={admin.panelEmpty}>
          No submissions {status ? `are ${SUBMISSION_STATUS_LABELS[status].toLowerCase()}` : 'yet'}.
        </p>
      ) : (
        <>
          <ul aria-label="Submissions, oldest first" className={styles.list}>
            {queue.data.submissions.map((s) => (
              <Row
                key={s._id}
                s={s}
                selected={s._id === selected}
                onSelect={() => onSelect(s._id)}
              />
            ))}
          </ul>
          {queue.data.total > queue.data.limit && (
            <div className={styles.pages}>
              <Pager
                label="Pages of submissions"
                page={page}
                pages={Math.ceil(queue.data.total / queue.data.limit)}
                onPage={onPage}
              />
            </div>
          )}
        </>
      )}
      {queue.data && total > 0 && (
        <div className={styles.count}>
          <Badge>{`${queue.data.total} shown by this filter`}</Badge>
        </div>
      )}
    </div>
  );
}
