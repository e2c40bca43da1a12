import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  OfferDollars,
  PAYOUT_METHOD_LABELS,
  type AdminSubmission,
  type AdminSubmissionCard,
  type PayoutDetailsResponse,
} from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { CertLink } from '@/components/submissions/CertLink';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { SubmissionTimeline } from '@/components/submissions/SubmissionTimeline';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAdminSubmission, usePayoutDetails, useStaffCommand } from '../api/submissions';
import { CancelDialog, InventoryDialog, PayDialog, ReturnDialog } from './SubmissionDialogs';

const date = (iso: string) => dateTimeFormat.format(new Date(iso));
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What the collector typed beside what PSA says (for a PSA cert in the cache), differences marked. */
function TypedVsPsa({ card }: { card: AdminSubmissionCard }) {
  const psa = card.psa;
  const rows: [string, string, string | null | undefined][] = [
    ['Year', String(card.year), psa?.year],
    ['Set', card.setName, psa ? [psa.brand, psa.variety].filter(Boolean).join(' ') : undefined],
    ['Player', card.player, psa?.subject],
    ['Card #', card.cardNumber, psa?.cardNumber],
    ['Grade', card.grade, psa?.grade],
  ];
  return (
    <>
      <Table
        size="small"
        aria-label={`Card ${card.position + 1}: as typed${psa ? ' and as PSA has it' : ''}`}
      >
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>Collector typed</TableCell>
            {psa && <TableCell>PSA says</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, typed, official]) => {
            const differs = psa !== null && !same(typed, official);
            return (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{typed}</TableCell>
                {psa && (
                  <TableCell
                    sx={{
                      overflowWrap: 'anywhere',
                      color: differs ? 'warning.main' : undefined,
                      fontWeight: differs ? 700 : undefined,
                    }}
                  >
                    {official || '—'}
                    {differs && ' (differs)'}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {card.grader === 'PSA' && !psa && (
        <Typography variant="body2" color="text.secondary">
          No PSA data for this cert yet: use Look up PSA data (needs PSA_API_TOKEN).
        </Typography>
      )}
    </>
  );
}

function CardReview({
  submission,
  card,
  offer,
}: {
  submission: AdminSubmission;
  card: AdminSubmissionCard;
  offer?: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="review-card">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '220px minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', maxWidth: 260 }}>
          {[
            ['Front', card.frontImageUrl],
            ['Back', card.backImageUrl],
          ].map(([side, url]) => (
            <Link
              key={side}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${side} photo of card ${card.position + 1}, full size`}
            >
              <CardImage src={url} alt={`${side} of card ${card.position + 1}`} sizes="130px" />
            </Link>
          ))}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }}>Card {card.position + 1}</Typography>
            <CertLink grader={card.grader} certNumber={card.certNumber} href={card.certUrl} />
          </Stack>
          <TypedVsPsa card={card} />
          <Typography variant="body2" color="text.secondary">
            {card.askingPrice !== null
              ? `Asking ${formatUsd(card.askingPrice)}`
              : 'No asking price'}
            {card.offer !== null && ` · Offer ${formatUsd(card.offer)}`}
            {card.adjustedOffer !== null && ` · Adjusted ${formatUsd(card.adjustedOffer)}`}
          </Typography>
          {offer}
          {card.inventoryCardId ? (
            <Link component={RouterLink} to={paths.product.getHref(card.inventoryCardId)}>
              In the inventory
            </Link>
          ) : (
            submission.actions.includes('inventory') && (
              <Box>
                <Button size="small" variant="outlined" onClick={() => setAdding(true)}>
                  Add to inventory
                </Button>
              </Box>
            )
          )}
        </Stack>
      </Box>
      {adding && (
        <InventoryDialog submission={submission} card={card} onClose={() => setAdding(false)} />
      )}
    </Paper>
  );
}

type OfferDraft = Record<string, { amount: string; note: string }>;

/** Offers per card (or an adjusted offer for some of them), with a note for the collector. */
function useOfferDraft(submission: AdminSubmission, adjusting: boolean) {
  const initial = () =>
    Object.fromEntries(
      submission.cards.map((c) => [
        c._id,
        {
          amount: adjusting && c.finalOffer !== null ? String(c.finalOffer) : '',
          note: '',
        },
      ]),
    ) as OfferDraft;
  return useState<OfferDraft>(initial);
}

function OfferForm({ submission, adjusting }: { submission: AdminSubmission; adjusting: boolean }) {
  const command = useStaffCommand(submission._id);
  const [draft, setDraft] = useOfferDraft(submission, adjusting);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const total = Object.values(draft).reduce((sum, d) => sum + (Number(d.amount) || 0), 0);
  const send = () => {
    const next: Record<string, string> = {};
    const cards = submission.cards.flatMap((c) => {
      const d = draft[c._id]!;
      const parsed = OfferDollars.safeParse(d.amount.trim() === '' ? NaN : Number(d.amount));
      if (!parsed.success) {
        next[c._id] = 'Enter an amount from $0.01 to $100,000.00';
        return [];
      }
      if (adjusting && parsed.data === c.finalOffer && !d.note.trim()) return [];
      return [{ cardId: c._id, offer: parsed.data, note: d.note.trim() || null }];
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (cards.length === 0)
      return setProblem('Change at least one card’s offer, with a note saying why.');
    setProblem(null);
    command.mutate({
      kind: adjusting ? 'adjust' : 'offer',
      body: { cards, note: note.trim() || null },
    });
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={adjusting ? 'Adjusted offer' : 'Offer'}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {adjusting ? 'Adjusted offer' : 'Make an offer'}
      </Typography>
      {submission.cards.map((c) => (
        <Stack key={c._id} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={`Offer for card ${c.position + 1}`}
            value={draft[c._id]!.amount}
            onChange={(e) =>
              setDraft({ ...draft, [c._id]: { ...draft[c._id]!, amount: e.target.value } })
            }
            inputMode="decimal"
            error={Boolean(errors[c._id])}
            helperText={errors[c._id]}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
            sx={{ minWidth: 200 }}
          />
          <TextField
            size="small"
            label={`Note for card ${c.position + 1}`}
            value={draft[c._id]!.note}
            onChange={(e) =>
              setDraft({ ...draft, [c._id]: { ...draft[c._id]!, note: e.target.value } })
            }
            fullWidth
          />
        </Stack>
      ))}
      <TextField
        size="small"
        label="Note for the collector (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
      />
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography sx={{ fontWeight: 700 }}>Total {formatUsd(total)}</Typography>
        <Button variant="contained" color="secondary" onClick={send} disabled={command.isPending}>
          {adjusting ? 'Send adjusted offer' : 'Send offer'}
        </Button>
      </Stack>
      {problem && <Alert severity="warning">{problem}</Alert>}
      {command.error && <Alert severity="error">{command.error.message}</Alert>}
    </Stack>
  );
}

function PayoutBlock({ submission }: { submission: AdminSubmission }) {
  const reveal = usePayoutDetails();
  const [details, setDetails] = useState<PayoutDetailsResponse | null>(null);
  const { payout, payment } = submission;
  return (
    <Block title="Payout">
      <Typography>
        {PAYOUT_METHOD_LABELS[payout.method]}
        {payout.method === 'store_credit' && ` (+${submission.creditBonusPercent}% bonus)`}
        {payout.masked && ` · ${payout.masked}`}
      </Typography>
      {payment && (
        <Typography color="text.secondary">
          Paid {formatUsd(payment.total)} on {date(payment.paidAt)}
          {payment.reference && `, reference ${payment.reference}`}
        </Typography>
      )}
      {payout.method !== 'store_credit' && !payment && (
        <Box sx={{ mt: 1 }}>
          {details ? (
            <Alert severity="info" onClose={() => setDetails(null)}>
              {details.method === 'bank'
                ? `${details.accountHolder} · routing ${details.routingNumber} · account ${details.accountNumber}`
                : `PayPal ${details.email}`}
            </Alert>
          ) : (
            <Button
              size="small"
              variant="outlined"
              disabled={reveal.isPending}
              onClick={() => reveal.mutate(submission._id, { onSuccess: setDetails })}
            >
              Show full details (logged)
            </Button>
          )}
          {reveal.error && <Alert severity="error">{reveal.error.message}</Alert>}
        </Box>
      )}
    </Block>
  );
}

/** Staff actions allowed now; a note goes with review, receipt and verification. */
function Actions({ submission }: { submission: AdminSubmission }) {
  const command = useStaffCommand(submission._id);
  const [note, setNote] = useState('');
  const [dialog, setDialog] = useState<'pay' | 'return' | 'cancel' | null>(null);
  const has = (a: AdminSubmission['actions'][number]) => submission.actions.includes(a);
  const simple = (kind: 'review' | 'receive' | 'verify') =>
    command.mutate({ kind, note: note.trim() || null }, { onSuccess: () => setNote('') });
  const any = ['review', 'receive', 'verify', 'pay', 'return', 'cancel'].some((a) =>
    has(a as AdminSubmission['actions'][number]),
  );
  const psaCards = submission.cards.some((c) => c.grader === 'PSA');
  return (
    <Stack spacing={1.5}>
      {(has('review') || has('receive') || has('verify')) && (
        <TextField
          size="small"
          label="Note for the timeline (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {has('review') && (
          <Button variant="contained" onClick={() => simple('review')} disabled={command.isPending}>
            Start review
          </Button>
        )}
        {has('receive') && (
          <Button
            variant="contained"
            onClick={() => simple('receive')}
            disabled={command.isPending}
          >
            Mark received
          </Button>
        )}
        {has('verify') && (
          <Button
            variant="contained"
            color="success"
            onClick={() => simple('verify')}
            disabled={command.isPending}
          >
            Verify: cards match
          </Button>
        )}
        {has('pay') && (
          <Button variant="contained" color="secondary" onClick={() => setDialog('pay')}>
            Pay
          </Button>
        )}
        {has('return') && (
          <Button variant="outlined" onClick={() => setDialog('return')}>
            Return cards
          </Button>
        )}
        {has('cancel') && (
          <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
            Turn down
          </Button>
        )}
        {psaCards && (
          <Button
            variant="text"
            onClick={() => command.mutate({ kind: 'psa' })}
            disabled={command.isPending}
          >
            Look up PSA data
          </Button>
        )}
      </Stack>
      {!any && !has('offer') && !has('adjust') && (
        <Typography color="text.secondary">
          Nothing to do for staff right now:{' '}
          {submission.status === 'offer_made'
            ? 'the collector has the offer.'
            : 'this submission waits on the collector or is finished.'}
        </Typography>
      )}
      {command.error && <Alert severity="error">{command.error.message}</Alert>}
      {dialog === 'pay' && <PayDialog submission={submission} onClose={() => setDialog(null)} />}
      {dialog === 'return' && (
        <ReturnDialog submission={submission} onClose={() => setDialog(null)} />
      )}
      {dialog === 'cancel' && (
        <CancelDialog submission={submission} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

/** One submission as staff review it: photos, PSA data, offers, payout, actions, timeline. */
export function SubmissionReview({ id }: { id: string }) {
  const { data: s, isPending, isError, error } = useAdminSubmission(id);
  if (isPending) {
    return <Skeleton variant="rounded" height={420} aria-label="Loading the submission" />;
  }
  if (isError)
    return <Alert severity="error">Could not load this submission. {error.message}</Alert>;
  const offering = s.actions.includes('offer');
  const adjusting = s.actions.includes('adjust');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
      data-testid="submission-review"
    >
      <Stack spacing={3}>
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
              {s.number}
            </Typography>
            <SubmissionStatusChip status={s.status} />
          </Stack>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {s.collector.username} ({s.collector.email}) · submitted {date(s.createdAt)}
            {s.receivedAt && ` · received ${date(s.receivedAt)}`}
            {s.offerExpiresAt && ` · offer open until ${date(s.offerExpiresAt)}`}
          </Typography>
          {s.tracking && (
            <Typography color="text.secondary">
              Inbound: {s.tracking.carrier} {s.tracking.trackingNumber}
            </Typography>
          )}
          {s.note && (
            <Alert severity="info" sx={{ mt: 1 }}>
              Collector’s note: {s.note}
            </Alert>
          )}
        </Box>
        <Actions key={s.status} submission={s} />
        <Block title={`Cards (${s.cards.length})`}>
          <Stack spacing={1.5}>
            {s.cards.map((c) => (
              <CardReview key={c._id} submission={s} card={c} />
            ))}
          </Stack>
          <Typography sx={{ mt: 1.5, fontWeight: 700 }}>
            {s.totals.final !== null
              ? `Total offer ${formatUsd(s.totals.final)}${s.payout.method === 'store_credit' && s.totals.storeCredit !== null ? ` (${formatUsd(s.totals.storeCredit)} as store credit)` : ''}`
              : s.totals.asking !== null
                ? `Asking ${formatUsd(s.totals.asking)} in all`
                : 'No asking prices'}
          </Typography>
        </Block>
        {(offering || adjusting) && (
          <OfferForm key={`${s._id}-${s.status}`} submission={s} adjusting={adjusting} />
        )}
        <PayoutBlock submission={s} />
        <Block title="Timeline">
          <SubmissionTimeline entries={s.timeline} viewer="staff" />
        </Block>
      </Stack>
    </Paper>
  );
}
