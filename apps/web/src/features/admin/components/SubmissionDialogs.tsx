import { useState } from 'react';
import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import {
  AddToInventoryBody,
  PAYOUT_METHOD_LABELS,
  ReturnBody,
  type AdminSubmission,
  type AdminSubmissionCard,
} from '@grail/contract';
import {
  ShipmentTrackingFields,
  type TrackingDraft,
} from '@/components/submissions/ShipmentTrackingFields';
import { SubmissionCommandDialog } from '@/components/submissions/SubmissionCommandDialog';
import { formatUsd } from '@/lib/format';
import { useStaffCommand } from '../api/submissions';

const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])) as Record<string, string>;

/** Paying a verified submission: store credit at once, or a bank/PayPal payment made by hand. */
export function PayDialog({
  submission,
  onClose,
}: {
  submission: AdminSubmission;
  onClose: () => void;
}) {
  const command = useStaffCommand(submission._id);
  // One key per dialog: a double click or a retry after a lost answer pays once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const storeCredit = submission.payout.method === 'store_credit';
  const amount = submission.totals.final ?? 0;
  const total = storeCredit ? (submission.totals.storeCredit ?? amount) : amount;
  return (
    <SubmissionCommandDialog
      title={`Pay ${formatUsd(total)}`}
      onClose={onClose}
      error={command.error?.message}
      dismissLabel="Not now"
      confirm={{
        label: storeCredit ? `Credit ${formatUsd(total)}` : 'Record payment',
        color: 'secondary',
        disabled: command.isPending || (!storeCredit && reference.trim().length < 3),
        onClick: () =>
          command.mutate(
            {
              kind: 'pay',
              idempotencyKey,
              body: {
                // The method shown here: if the collector changed it since, the server refuses.
                method: submission.payout.method,
                reference: storeCredit ? null : reference.trim(),
                note: note.trim() || null,
              },
            },
            { onSuccess: onClose },
          ),
      }}
    >
      <Typography sx={{ mb: 2 }}>
        {storeCredit
          ? `Credits ${formatUsd(total)} to ${submission.collector.username}'s wallet now: the offer of ${formatUsd(amount)} plus the ${submission.creditBonusPercent}% bonus.`
          : `Pay ${formatUsd(amount)} by ${PAYOUT_METHOD_LABELS[submission.payout.method]} yourself first (${submission.payout.masked ?? 'see the full details'}), then record the payment's reference here.`}
      </Typography>
      <Stack spacing={2}>
        {!storeCredit && (
          <TextField
            label="Payment reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
            helperText="As your bank or PayPal shows it"
          />
        )}
        <TextField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
      </Stack>
    </SubmissionCommandDialog>
  );
}

/** Sending received cards back: the carrier and tracking, and why. */
export function ReturnDialog({
  submission,
  onClose,
}: {
  submission: AdminSubmission;
  onClose: () => void;
}) {
  const command = useStaffCommand(submission._id);
  const [tracking, setTracking] = useState<TrackingDraft>({ carrier: '', trackingNumber: '' });
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = () => {
    const parsed = ReturnBody.safeParse({
      carrier: tracking.carrier.trim() || null,
      trackingNumber: tracking.trackingNumber.trim() || null,
      note: note.trim() || null,
    });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrors({});
    command.mutate({ kind: 'return', body: parsed.data }, { onSuccess: onClose });
  };
  return (
    <SubmissionCommandDialog
      title="Return the cards"
      onClose={onClose}
      error={command.error?.message}
      dismissLabel="Not now"
      confirm={{ label: 'Mark returned', disabled: command.isPending, onClick: send }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ShipmentTrackingFields value={tracking} onChange={setTracking} errors={errors} />
        <TextField
          label="Why (shown to the collector)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
        />
      </Stack>
    </SubmissionCommandDialog>
  );
}

/** Turning a submission down before the cards ship, with the reason the collector reads. */
export function CancelDialog({
  submission,
  onClose,
}: {
  submission: AdminSubmission;
  onClose: () => void;
}) {
  const command = useStaffCommand(submission._id);
  const [note, setNote] = useState('');
  return (
    <SubmissionCommandDialog
      title="Turn this submission down?"
      onClose={onClose}
      error={command.error?.message}
      dismissLabel="Keep it"
      confirm={{
        label: 'Turn down',
        color: 'error',
        disabled: command.isPending,
        onClick: () =>
          command.mutate({ kind: 'cancel', note: note.trim() || null }, { onSuccess: onClose }),
      }}
    >
      <TextField
        label="Why (shown to the collector)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 1 }}
      />
    </SubmissionCommandDialog>
  );
}

/** A verified slab becomes a catalogue card: a store card with a price, or a case card without. */
export function InventoryDialog({
  submission,
  card,
  onClose,
}: {
  submission: AdminSubmission;
  card: AdminSubmissionCard;
  onClose: () => void;
}) {
  const command = useStaffCommand(submission._id);
  const [name, setName] = useState(
    `${card.year} ${card.setName} ${card.player} #${card.cardNumber}`,
  );
  const [sport, setSport] = useState('');
  const [fmv, setFmv] = useState(card.finalOffer !== null ? String(card.finalOffer) : '');
  const [storePrice, setStorePrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = () => {
    const parsed = AddToInventoryBody.safeParse({
      name: name.trim() || null,
      sport,
      fmv: fmv.trim() === '' ? undefined : Number(fmv),
      storePrice: storePrice.trim() === '' ? null : Number(storePrice),
    });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrors({});
    command.mutate(
      { kind: 'inventory', cardId: card._id, body: parsed.data },
      { onSuccess: onClose },
    );
  };
  const dollars = {
    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  };
  return (
    <SubmissionCommandDialog
      title="Add to inventory"
      onClose={onClose}
      error={command.error?.message}
      dismissLabel="Not now"
      confirm={{
        label: storePrice.trim() ? 'Add as store card' : 'Add as case card',
        disabled: command.isPending,
        onClick: add,
      }}
    >
      <Typography sx={{ mb: 2 }}>
        {card.grader} {card.certNumber}, grade {card.grade}. With a store price it goes on sale in
        the store; without one it waits for a Grail case.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label="Sport"
          value={sport}
          onChange={(e) => setSport(e.target.value)}
          error={Boolean(errors.sport)}
          helperText={errors.sport ?? 'Baseball, Basketball, Football…'}
          required
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="FMV"
            value={fmv}
            onChange={(e) => setFmv(e.target.value)}
            inputMode="decimal"
            error={Boolean(errors.fmv)}
            helperText={errors.fmv}
            slotProps={dollars}
            required
            fullWidth
          />
          <TextField
            label="Store price (optional)"
            value={storePrice}
            onChange={(e) => setStorePrice(e.target.value)}
            inputMode="decimal"
            error={Boolean(errors.storePrice)}
            helperText={errors.storePrice ?? 'Empty: a case card'}
            slotProps={dollars}
            fullWidth
          />
        </Stack>
      </Stack>
    </SubmissionCommandDialog>
  );
}
