import { useState } from 'react';
import type { Submission } from '@grail/contract';
import { TextField } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { formatUsd } from '@/lib/format';
import { SubmissionCommandDialog } from '@/components/submissions/SubmissionCommandDialog';
import {
  emptyPayout,
  parsePayout,
  PayoutFields,
  type PayoutErrors,
} from '@/components/submissions/PayoutFields';
import { useSubmissionCommand } from '../api/submissionCommands';
import styles from './SubmissionDialogs.module.css';

/** What every collector dialog gets: the submission, and whether it shows and how it closes. */
type CollectorDialogProps = { submission: Submission; open: boolean; onClose: () => void };
/** The dialogs that ask for a two-factor code when the collector has it on. */
type TwoFactorDialogProps = CollectorDialogProps & { totpEnabled: boolean };

/** The error of a command: on the code field when the server names it, else above. */
function errorParts(error: unknown): { code: string | null; other: string | null } {
  if (!error) return { code: null, other: null };
  const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : null;
  const message =
    error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return field === 'totpCode' ? { code: message, other: null } : { code: null, other: message };
}

function CodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <div className={styles.code}>
      <TextField
        label="Two-factor code"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error ?? undefined}
        helperText="The 6-digit code from your authenticator app (or a recovery code)."
      />
    </div>
  );
}

/** Accepting the offer: the amount, what happens next, and a code when two-factor is on. */
export function AcceptDialog({ submission, totpEnabled, open, onClose }: TwoFactorDialogProps) {
  const command = useSubmissionCommand(submission._id);
  const [code, setCode] = useState('');
  const adjusted = submission.status === 'offer_adjusted';
  const total = submission.totals.final ?? 0;
  const errors = errorParts(command.error);
  const storeCredit = submission.payout.method === 'store_credit';
  return (
    <SubmissionCommandDialog
      title={`Accept ${formatUsd(total)}?`}
      open={open}
      onClose={onClose}
      error={errors.other}
      dismissLabel="Not yet"
      confirm={{
        label: command.isPending ? 'Accepting…' : 'Accept offer',
        color: 'secondary',
        disabled: command.isPending || (totpEnabled && code.length < 6),
        onClick: () =>
          command.mutate(
            { kind: 'accept', totpCode: totpEnabled ? code : undefined },
            { onSuccess: onClose },
          ),
      }}
    >
      <p className={styles.text}>
        {adjusted
          ? 'We pay you as soon as you accept: your cards are already with us.'
          : `You sell your ${submission.cards.length === 1 ? 'card' : `${submission.cards.length} cards`} for ${formatUsd(total)}. Next, ship them to us; we pay once they arrive and match your description.`}
      </p>
      {storeCredit && submission.totals.storeCredit !== null && (
        <p className={styles.more}>
          As store credit you receive {formatUsd(submission.totals.storeCredit)} (with the{' '}
          {submission.creditBonusPercent}% bonus).
        </p>
      )}
      {totpEnabled && <CodeField value={code} onChange={setCode} error={errors.code} />}
    </SubmissionCommandDialog>
  );
}

/** Declining the offer, or cancelling the submission: a plain confirmation. */
export function ConfirmDialog({
  submission,
  kind,
  open,
  onClose,
}: CollectorDialogProps & { kind: 'decline' | 'cancel' }) {
  const command = useSubmissionCommand(submission._id);
  const received = submission.status === 'offer_adjusted';
  const title = kind === 'decline' ? 'Decline the offer?' : 'Cancel this submission?';
  const text =
    kind === 'decline'
      ? received
        ? 'We send your cards back to you.'
        : 'Nothing is sold, and you keep your cards. You can submit them again any time.'
      : 'Nothing is sold. If you already printed the packing slip, do not send the cards.';
  return (
    <SubmissionCommandDialog
      title={title}
      open={open}
      onClose={onClose}
      error={command.error?.message}
      dismissLabel="Keep it"
      confirm={{
        label: kind === 'decline' ? 'Decline offer' : 'Cancel submission',
        color: 'error',
        disabled: command.isPending,
        onClick: () => command.mutate({ kind }, { onSuccess: onClose }),
      }}
    >
      <p className={styles.text}>{text}</p>
    </SubmissionCommandDialog>
  );
}

/** New payout details (a code when two-factor is on); the old ones are replaced. */
export function PayoutDialog({ submission, totpEnabled, open, onClose }: TwoFactorDialogProps) {
  const command = useSubmissionCommand(submission._id);
  const [draft, setDraft] = useState(() => ({
    ...emptyPayout(),
    method: submission.payout.method,
  }));
  const [fieldErrors, setFieldErrors] = useState<PayoutErrors>({});
  const [code, setCode] = useState('');
  const errors = errorParts(command.error);
  const save = () => {
    const parsed = parsePayout(draft);
    setFieldErrors(parsed.errors);
    if (!parsed.payout) return;
    command.mutate(
      {
        kind: 'payout',
        body: { payout: parsed.payout, ...(totpEnabled ? { totpCode: code } : {}) },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <SubmissionCommandDialog
      title="Change payout"
      open={open}
      onClose={onClose}
      error={errors.other}
      dismissLabel="Keep the current payout"
      confirm={{
        label: 'Save payout',
        disabled: command.isPending || (totpEnabled && code.length < 6),
        onClick: save,
      }}
    >
      <PayoutFields
        value={draft}
        onChange={setDraft}
        errors={fieldErrors}
        bonusPercent={submission.creditBonusPercent}
      />
      {totpEnabled && <CodeField value={code} onChange={setCode} error={errors.code} />}
    </SubmissionCommandDialog>
  );
}
