import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { Button, ButtonLink, Form, FormSubmit, Skeleton } from '@/components/ui';
import { PAYOUT_METHOD_LABELS, TrackingBody, type Submission } from '@grail/contract';
import { isNotFound } from '@/lib/api/notFound';
import { useMySubmission } from '@/lib/api/submissions';
import { useAuth } from '@/lib/auth';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ShipmentTrackingFields } from '@/components/submissions/ShipmentTrackingFields';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { SubmissionTimeline } from '@/components/submissions/SubmissionTimeline';
import { useSubmissionCommand } from '../api/submissionCommands';
import { Address, PackingSlip } from '../components/PackingSlip';
import { SubmissionCards } from '../components/SubmissionCards';
import { AcceptDialog, ConfirmDialog, PayoutDialog } from '../components/SubmissionDialogs';
import { TrackingLink } from '@/components/TrackingLink';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import styles from './SubmissionDetailPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The offer waiting for an answer: total, store-credit value, expiry, accept or decline. */
function OfferPanel({ submission, totpEnabled }: { submission: Submission; totpEnabled: boolean }) {
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const adjusted = submission.status === 'offer_adjusted';
  const s = submission;
  return (
    <Section title={adjusted ? 'Our adjusted offer' : 'Our offer'} testId="offer-panel">
      {adjusted && (
        <p className={styles.lead}>
          We checked your cards and they differ from the description, so we changed our offer. The
          notes by each card say why.
        </p>
      )}
      <p className={styles.offerTotal} data-testid="offer-total">
        {formatUsd(s.totals.final ?? 0)}
      </p>
      {s.payout.method === 'store_credit' && s.totals.storeCredit !== null && (
        <p className={styles.muted}>
          {formatUsd(s.totals.storeCredit)} as store credit, with your {s.creditBonusPercent}% bonus
        </p>
      )}
      {s.offerExpiresAt && <p className={styles.expiry}>Open until {date(s.offerExpiresAt)}</p>}
      <div className={styles.offerActions}>
        <Button variant="contained" color="secondary" onClick={() => setDialog('accept')}>
          Accept offer
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('decline')}>
          Decline
        </Button>
      </div>
      <AcceptDialog
        submission={s}
        totpEnabled={totpEnabled}
        open={dialog === 'accept'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        submission={s}
        kind="decline"
        open={dialog === 'decline'}
        onClose={() => setDialog(null)}
      />
    </Section>
  );
}

/** Where to send the cards, the packing slip to print, and the tracking number. */
function ShippingPanel({ submission }: { submission: Submission }) {
  const command = useSubmissionCommand(submission._id);
  const canTrack = submission.actions.includes('tracking');
  const waiting = submission.status === 'awaiting_shipment' || submission.status === 'accepted';
  return (
    <Section title={waiting ? 'Ship your cards to us' : 'Shipping'} testId="shipping-panel">
      {waiting && (
        <p className={styles.instructions}>
          Pack each slab in a sleeve and bubble wrap, put the printed packing slip in the box, and
          ship with tracking and insurance to:
        </p>
      )}
      <div className={styles.shipping}>
        <div>
          <Address address={submission.shipTo!} />
          <p className={styles.boxNumber}>Write {submission.number} on the outside of the box.</p>
          <Button
            startIcon={<Printer aria-hidden />}
            variant="outlined"
            className={styles.print}
            onClick={() => window.print()}
          >
            Print packing slip
          </Button>
        </div>
        <div>
          {canTrack ? (
            <Form
              label="Shipment tracking"
              schema={TrackingBody}
              defaultValues={{
                carrier: submission.tracking?.carrier ?? '',
                trackingNumber: submission.tracking?.trackingNumber ?? '',
              }}
              onSubmit={(body) => command.mutateAsync({ kind: 'tracking', body })}
              className={styles.tracking}
            >
              <ShipmentTrackingFields />
              <FormSubmit size="medium" fullWidth={false}>
                {submission.tracking ? 'Update tracking' : 'Save tracking number'}
              </FormSubmit>
            </Form>
          ) : submission.tracking ? (
            <p className={styles.text}>
              Shipped with {submission.tracking.carrier}, tracking{' '}
              <TrackingLink
                carrier={submission.tracking.carrier}
                trackingNumber={submission.tracking.trackingNumber}
              />
              .
            </p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

function PayoutPanel({
  submission,
  totpEnabled,
}: {
  submission: Submission;
  totpEnabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { payout, payment } = submission;
  return (
    <Section title={payment ? 'Payment' : 'Payout'} testId="payout-panel">
      {payment ? (
        <div className={styles.payment}>
          <p className={styles.paid}>{formatUsd(payment.total)}</p>
          <p className={styles.text}>
            {PAYOUT_METHOD_LABELS[payment.method]} on {date(payment.paidAt)}
            {payment.bonus > 0 &&
              ` (${formatUsd(payment.amount)} plus a ${formatUsd(payment.bonus)} bonus)`}
          </p>
          {payment.method === 'store_credit' && (
            <RouterLink to={paths.dashboard.getHref({ tab: 'wallet' })} className={styles.link}>
              See it in your wallet
            </RouterLink>
          )}
          {payment.reference && <p className={styles.muted}>Reference {payment.reference}</p>}
        </div>
      ) : (
        <div className={styles.payout}>
          <p className={styles.text}>
            {PAYOUT_METHOD_LABELS[payout.method]}
            {payout.method === 'store_credit' && ` with a ${submission.creditBonusPercent}% bonus`}
          </p>
          {payout.masked && <p className={styles.muted}>{payout.masked}</p>}
          {submission.status === 'verified' && (
            <p className={styles.muted}>
              Your cards are verified, so this is how you will be paid.
            </p>
          )}
          {submission.actions.includes('payout') && (
            <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
              Change payout
            </Button>
          )}
        </div>
      )}
      {open && (
        <PayoutDialog
          submission={submission}
          totpEnabled={totpEnabled}
          open
          onClose={() => setOpen(false)}
        />
      )}
    </Section>
  );
}

/** /dashboard/submissions/:id: one submission, where it stands and what to do next. */
export default function SubmissionDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data: submission, isPending, isError, error, refetch } = useMySubmission(id);
  const [cancelling, setCancelling] = useState(false);
  const back = (
    <ButtonLink
      to={paths.dashboard.getHref({ tab: 'submissions' })}
      startIcon={<ArrowLeft aria-hidden />}
      className={styles.back}
    >
      All submissions
    </ButtonLink>
  );
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the submission">
        {back}
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={240} className={styles.skeletonPanel} />
      </div>
    );
  }
  if (isError) {
    if (isNotFound(error)) return <NotFoundPage />;
    return (
      <div>
        {back}
        <h1 className={styles.errorTitle}>Submission</h1>
        <LoadFailed onRetry={refetch}>Could not load this submission.</LoadFailed>
      </div>
    );
  }
  const s = submission;
  const totpEnabled = Boolean(user?.totpEnabled);
  const offerOpen = s.actions.includes('accept');
  return (
    <div className={styles.page}>
      {back}
      <div className={styles.heading}>
        <h1 className={styles.title}>
          Submission <span className={styles.number}>{s.number}</span>
        </h1>
        <div>
          <SubmissionStatusChip status={s.status} />
        </div>
      </div>
      <p className={styles.submitted}>
        Submitted {date(s.createdAt)} · {s.cards.length} {s.cards.length === 1 ? 'card' : 'cards'}
      </p>

      <div className={styles.panels}>
        {offerOpen && <OfferPanel submission={s} totpEnabled={totpEnabled} />}
        {s.shipTo && (s.status === 'accepted' || s.status === 'awaiting_shipment') && (
          <ShippingPanel submission={s} />
        )}
        {s.returnShipment && (
          <Section title="Your cards are on their way back" testId="return-panel">
            <p className={styles.text}>
              Sent back {date(s.returnShipment.shippedAt)} with {s.returnShipment.carrier}, tracking{' '}
              <TrackingLink
                carrier={s.returnShipment.carrier}
                trackingNumber={s.returnShipment.trackingNumber}
              />
              .
            </p>
          </Section>
        )}
        <Section title="Cards" testId="cards-panel">
          <SubmissionCards cards={s.cards} />
          {s.totals.final !== null && (
            <div className={styles.total}>
              <p className={styles.text}>Total offer</p>
              <p className={styles.text} data-testid="total-offer">
                {formatUsd(s.totals.final)}
              </p>
            </div>
          )}
          {s.totals.final === null && s.totals.asking !== null && (
            <p className={styles.asked}>
              You asked {formatUsd(s.totals.asking)} in all. Our offer comes after review.
            </p>
          )}
        </Section>
        <PayoutPanel submission={s} totpEnabled={totpEnabled} />
        <Section title="Timeline" testId="timeline">
          <SubmissionTimeline entries={s.timeline} viewer="collector" />
        </Section>
        {s.actions.includes('cancel') && (
          <div>
            <Button color="error" onClick={() => setCancelling(true)}>
              Cancel this submission
            </Button>
            <ConfirmDialog
              submission={s}
              kind="cancel"
              open={cancelling}
              onClose={() => setCancelling(false)}
            />
          </div>
        )}
      </div>
      <PackingSlip submission={s} />
    </div>
  );
}
