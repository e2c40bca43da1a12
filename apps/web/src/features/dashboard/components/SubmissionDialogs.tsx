import { useId } from 'react';
import { AcceptOfferBody, ChangePayoutBody, PayoutForm, type Submission } from '@grail/contract';
import { Form } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { SubmissionCommandDialog } from '@/components/submissions/SubmissionCommandDialog';
import { emptyPayout, PayoutFields } from '@/components/submissions/PayoutFields';
import { SecondFactorCodeField } from '@/components/SecondFactorCodeField';
import { useSubmissionCommand } from '../api/submissionCommands';
import styles from './SubmissionDialogs.module.css';

/** What every collector dialog gets: the submission, and whether it shows and how it closes. */
type CollectorDialogProps = { submission: Submission; open: boolean; onClose: () => void };
/** The dialogs that ask for a two-factor code when the collector has it on. */
type TwoFactorDialogProps = CollectorDialogProps & { totpEnabled: boolean };

/** New payout details as typed (the contract's PayoutForm), with the code when asked. */
const PayoutChange = ChangePayoutBody.extend({ payout: PayoutForm });

/** Accepting the offer: the amount, what happens next, and a code when two-factor is on. */
export function AcceptDialog({ submission, totpEnabled, open, onClose }: TwoFactorDialogProps) {
  const command = useSubmissionCommand(submission._id);
  const formId = useId();
  const adjusted = submission.status === 'offer_adjusted';
  const total = submission.totals.final ?? 0;
  const storeCredit = submission.payout.method === 'store_credit';
  return (
    <SubmissionCommandDialog
      title={`Accept ${formatUsd(total)}?`}
      open={open}
      onClose={onClose}
      error={null}
      dismissLabel="Not yet"
      confirm={{
        label: command.isPending ? 'Accepting…' : 'Accept offer',
        color: 'secondary',
        disabled: command.isPending,
        form: formId,
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
      {/* Without two-factor the form has no field: the button still submits it, and a refusal
          shows in it. */}
      <Form
        id={formId}
        className={styles.code}
        schema={totpEnabled ? AcceptOfferBody.required() : AcceptOfferBody}
        defaultValues={totpEnabled ? { totpCode: '' } : {}}
        onSubmit={async ({ totpCode }) => {
          await command.mutateAsync({ kind: 'accept', totpCode });
          onClose();
        }}
      >
        {totpEnabled && <SecondFactorCodeField />}
      </Form>
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
  const formId = useId();
  const payout = emptyPayout(submission.payout.method);
  return (
    <SubmissionCommandDialog
      title="Change payout"
      open={open}
      onClose={onClose}
      error={null}
      dismissLabel="Keep the current payout"
      confirm={{ label: 'Save payout', disabled: command.isPending, form: formId }}
    >
      <Form
        id={formId}
        schema={totpEnabled ? PayoutChange.required() : PayoutChange}
        defaultValues={totpEnabled ? { payout, totpCode: '' } : { payout }}
        onSubmit={async (body) => {
          await command.mutateAsync({ kind: 'payout', body });
          onClose();
        }}
      >
        <PayoutFields bonusPercent={submission.creditBonusPercent} />
        {totpEnabled && <SecondFactorCodeField />}
      </Form>
    </SubmissionCommandDialog>
  );
}
