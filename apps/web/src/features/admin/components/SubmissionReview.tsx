import clsx from 'clsx';
import type { ReactNode } from 'react';
import { PAYOUT_METHOD_LABELS, type AdminSubmission } from '@grail/contract';
import { Alert, Skeleton } from '@/components/ui';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { SubmissionTimeline } from '@/components/submissions/SubmissionTimeline';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { useAdminSubmission, usePayoutDetails } from '../api/submissions';
import { PayoutDetailsReveal } from './PayoutDetailsReveal';
import { SubmissionActions } from './SubmissionActions';
import { CardReview } from './SubmissionCardReview';
import { SubmissionOfferForm } from './SubmissionOfferForm';
import styles from './SubmissionReview.module.css';
import ui from '@/lib/styles/ui.module.css';

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className={styles.blockTitle}>{title}</h3>
      {children}
    </section>
  );
}

function PayoutBlock({ submission }: { submission: AdminSubmission }) {
  const reveal = usePayoutDetails();
  const { payout, payment } = submission;
  return (
    <Block title="Payout">
      <p className={styles.text}>
        {PAYOUT_METHOD_LABELS[payout.method]}
        {payout.method === 'store_credit' && ` (+${submission.creditBonusPercent}% bonus)`}
        {payout.masked && ` · ${payout.masked}`}
      </p>
      {payment && (
        <p className={styles.muted}>
          Paid {formatUsd(payment.total)} on {date(payment.paidAt)}
          {payment.reference && `, reference ${payment.reference}`}
        </p>
      )}
      {payout.method !== 'store_credit' && !payment && (
        <PayoutDetailsReveal reveal={() => reveal.mutateAsync(submission._id)} />
      )}
    </Block>
  );
}

/** One submission as staff review it: photos, PSA data, offers, payout, actions, timeline. */
export function SubmissionReview({ id }: { id: string }) {
  const { data: s, isPending, isError, error } = useAdminSubmission(id);
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the submission">
        <Skeleton variant="rounded" height={420} />
      </div>
    );
  }
  if (isError)
    return <Alert severity="error">Could not load this submission. {error.message}</Alert>;
  const offering = s.actions.includes('offer');
  const adjusting = s.actions.includes('adjust');
  return (
    <div className={clsx(ui.paper, styles.panel)} data-testid="submission-review">
      <div>
        <div className={styles.heading}>
          <h2 className={styles.number}>{s.number}</h2>
          <SubmissionStatusChip status={s.status} />
        </div>
        <p className={styles.muted}>
          {s.collector.username} ({s.collector.email}) · submitted {date(s.createdAt)}
          {s.receivedAt && ` · received ${date(s.receivedAt)}`}
          {s.offerExpiresAt && ` · offer open until ${date(s.offerExpiresAt)}`}
        </p>
        {s.tracking && (
          <p className={styles.muted}>
            Inbound: {s.tracking.carrier} {s.tracking.trackingNumber}
          </p>
        )}
        {s.note && (
          <Alert severity="info" className={styles.note}>
            Collector’s note: {s.note}
          </Alert>
        )}
      </div>
      <SubmissionActions key={s.status} submission={s} />
      <Block title={`Cards (${s.cards.length})`}>
        <div className={styles.cards}>
          {s.cards.map((c) => (
            <CardReview key={c._id} submission={s} card={c} />
          ))}
        </div>
        <p className={styles.total}>
          {s.totals.final !== null
            ? `Total offer ${formatUsd(s.totals.final)}${s.payout.method === 'store_credit' && s.totals.storeCredit !== null ? ` (${formatUsd(s.totals.storeCredit)} as store credit)` : ''}`
            : s.totals.asking !== null
              ? `Asking ${formatUsd(s.totals.asking)} in all`
              : 'No asking prices'}
        </p>
      </Block>
      {(offering || adjusting) && (
        <SubmissionOfferForm key={`${s._id}-${s.status}`} submission={s} adjusting={adjusting} />
      )}
      <PayoutBlock submission={s} />
      <Block title="Timeline">
        <SubmissionTimeline entries={s.timeline} viewer="staff" />
      </Block>
    </div>
  );
}
