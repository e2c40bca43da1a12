import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { PAYOUT_METHOD_LABELS, TrackingBody, type Submission } from '@grail/contract';
import { isNotFound } from '@/lib/api/notFound';
import { useMySubmission } from '@/lib/api/submissions';
import { useAuth } from '@/lib/auth';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  ShipmentTrackingFields,
  type TrackingDraft,
} from '@/components/submissions/ShipmentTrackingFields';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { SubmissionTimeline } from '@/components/submissions/SubmissionTimeline';
import { useSubmissionCommand } from '../api/submissionCommands';
import { Address, PackingSlip } from '../components/PackingSlip';
import { SubmissionCards } from '../components/SubmissionCards';
import { AcceptDialog, ConfirmDialog, PayoutDialog } from '../components/SubmissionDialogs';
import { TrackingLink } from '@/components/TrackingLink';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { GridColumns } from '@/components/GridColumns';

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
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      data-testid={testId}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
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
        <Typography sx={{ mb: 1 }}>
          We checked your cards and they differ from the description, so we changed our offer. The
          notes by each card say why.
        </Typography>
      )}
      <Typography sx={{ fontSize: 32, fontWeight: 800 }} data-testid="offer-total">
        {formatUsd(s.totals.final ?? 0)}
      </Typography>
      {s.payout.method === 'store_credit' && s.totals.storeCredit !== null && (
        <Typography color="text.secondary">
          {formatUsd(s.totals.storeCredit)} as store credit, with your {s.creditBonusPercent}% bonus
        </Typography>
      )}
      {s.offerExpiresAt && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Open until {date(s.offerExpiresAt)}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" color="secondary" onClick={() => setDialog('accept')}>
          Accept offer
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('decline')}>
          Decline
        </Button>
      </Stack>
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
  const [tracking, setTracking] = useState<TrackingDraft>({
    carrier: submission.tracking?.carrier ?? '',
    trackingNumber: submission.tracking?.trackingNumber ?? '',
  });
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  const canTrack = submission.actions.includes('tracking');
  const waiting = submission.status === 'awaiting_shipment' || submission.status === 'accepted';
  const save = () => {
    const parsed = TrackingBody.safeParse(tracking);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    command.mutate({ kind: 'tracking', body: parsed.data });
  };
  return (
    <Section title={waiting ? 'Ship your cards to us' : 'Shipping'} testId="shipping-panel">
      {waiting && (
        <Typography sx={{ mb: 2 }}>
          Pack each slab in a sleeve and bubble wrap, put the printed packing slip in the box, and
          ship with tracking and insurance to:
        </Typography>
      )}
      <GridColumns columns={{ xs: '1fr', sm: '1fr 1fr' }} sx={{ alignItems: 'start' }}>
        <Box>
          <Address address={submission.shipTo!} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Write {submission.number} on the outside of the box.
          </Typography>
          <Button
            startIcon={<PrintOutlined />}
            variant="outlined"
            sx={{ mt: 1.5 }}
            onClick={() => window.print()}
          >
            Print packing slip
          </Button>
        </Box>
        <Box>
          {canTrack ? (
            <Stack
              component="form"
              spacing={1.5}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
              aria-label="Shipment tracking"
            >
              <ShipmentTrackingFields value={tracking} onChange={setTracking} errors={errors} />
              <Button type="submit" variant="contained" disabled={command.isPending}>
                {submission.tracking ? 'Update tracking' : 'Save tracking number'}
              </Button>
              {command.error && <Alert severity="error">{command.error.message}</Alert>}
            </Stack>
          ) : submission.tracking ? (
            <Typography>
              Shipped with {submission.tracking.carrier}, tracking{' '}
              <TrackingLink
                carrier={submission.tracking.carrier}
                trackingNumber={submission.tracking.trackingNumber}
              />
              .
            </Typography>
          ) : null}
        </Box>
      </GridColumns>
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
        <Stack spacing={0.5}>
          <Typography sx={{ fontSize: 24, fontWeight: 800 }}>{formatUsd(payment.total)}</Typography>
          <Typography>
            {PAYOUT_METHOD_LABELS[payment.method]} on {date(payment.paidAt)}
            {payment.bonus > 0 &&
              ` (${formatUsd(payment.amount)} plus a ${formatUsd(payment.bonus)} bonus)`}
          </Typography>
          {payment.method === 'store_credit' && (
            <Link component={RouterLink} to={paths.dashboard.getHref({ tab: 'wallet' })}>
              See it in your wallet
            </Link>
          )}
          {payment.reference && (
            <Typography color="text.secondary">Reference {payment.reference}</Typography>
          )}
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {PAYOUT_METHOD_LABELS[payout.method]}
            {payout.method === 'store_credit' && ` with a ${submission.creditBonusPercent}% bonus`}
          </Typography>
          {payout.masked && <Typography color="text.secondary">{payout.masked}</Typography>}
          {submission.status === 'verified' && (
            <Typography color="text.secondary">
              Your cards are verified, so this is how you will be paid.
            </Typography>
          )}
          {submission.actions.includes('payout') && (
            <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
              Change payout
            </Button>
          )}
        </Stack>
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
    <Button
      component={RouterLink}
      to={paths.dashboard.getHref({ tab: 'submissions' })}
      startIcon={<ArrowBack />}
      sx={{ mb: 1 }}
    >
      All submissions
    </Button>
  );
  if (isPending) {
    return (
      <Box aria-busy="true" aria-label="Loading the submission">
        {back}
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (isError) {
    if (isNotFound(error)) return <NotFoundPage />;
    return (
      <Box>
        {back}
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Submission
        </Typography>
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          Could not load this submission.
        </Alert>
      </Box>
    );
  }
  const s = submission;
  const totpEnabled = Boolean(user?.totpEnabled);
  const offerOpen = s.actions.includes('accept');
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, mb: 0.5 }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: 28, sm: 34 } }}
        >
          Submission{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {s.number}
          </Box>
        </Typography>
        <Box>
          <SubmissionStatusChip status={s.status} />
        </Box>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Submitted {date(s.createdAt)} · {s.cards.length} {s.cards.length === 1 ? 'card' : 'cards'}
      </Typography>

      <Stack spacing={2.5}>
        {offerOpen && <OfferPanel submission={s} totpEnabled={totpEnabled} />}
        {s.shipTo && (s.status === 'accepted' || s.status === 'awaiting_shipment') && (
          <ShippingPanel submission={s} />
        )}
        {s.returnShipment && (
          <Section title="Your cards are on their way back" testId="return-panel">
            <Typography>
              Sent back {date(s.returnShipment.shippedAt)} with {s.returnShipment.carrier}, tracking{' '}
              <TrackingLink
                carrier={s.returnShipment.carrier}
                trackingNumber={s.returnShipment.trackingNumber}
              />
              .
            </Typography>
          </Section>
        )}
        <Section title="Cards" testId="cards-panel">
          <SubmissionCards cards={s.cards} />
          {s.totals.final !== null && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2, fontWeight: 800 }}>
              <Typography sx={{ fontWeight: 800 }}>Total offer</Typography>
              <Typography sx={{ fontWeight: 800 }} data-testid="total-offer">
                {formatUsd(s.totals.final)}
              </Typography>
            </Stack>
          )}
          {s.totals.final === null && s.totals.asking !== null && (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              You asked {formatUsd(s.totals.asking)} in all. Our offer comes after review.
            </Typography>
          )}
        </Section>
        <PayoutPanel submission={s} totpEnabled={totpEnabled} />
        <Section title="Timeline" testId="timeline">
          <SubmissionTimeline entries={s.timeline} viewer="collector" />
        </Section>
        {s.actions.includes('cancel') && (
          <Box>
            <Button color="error" onClick={() => setCancelling(true)}>
              Cancel this submission
            </Button>
            <ConfirmDialog
              submission={s}
              kind="cancel"
              open={cancelling}
              onClose={() => setCancelling(false)}
            />
          </Box>
        )}
      </Stack>
      <PackingSlip submission={s} />
    </Box>
  );
}
