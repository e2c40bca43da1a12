import { useState, type ReactNode } from 'react';
import { useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import {
  AddToInventoryBody,
  PAYOUT_METHOD_LABELS,
  PayBody,
  ReturnBody,
  StaffNoteBody,
  type AdminSubmission,
  type AdminSubmissionCard,
} from '@grail/contract';
import { Button, Dialog, Form, FormSubmit, FormTextField } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { useStaffCommand } from '../api/submissions';
import ui from '@/lib/styles/ui.module.css';
import styles from './SubmissionDialogs.module.css';

/** A typed note: blank is none, then the contract's rule for a staff note. */
export const NoteField = z
  .string()
  .transform((text) => text.trim() || null)
  .pipe(StaffNoteBody.shape.note.unwrap());

/**
 * A dialog that is one form sending one command: its fields, a way out, and the submit button
 * (busy while the command runs). The command's refusal shows on its field or above the fields.
 */
function FormDialog<Values extends FieldValues, Output>({
  title,
  onClose,
  dismissLabel,
  submitLabel,
  submitColor = 'primary',
  schema,
  defaultValues,
  onSubmit,
  children,
}: {
  title: string;
  onClose: () => void;
  dismissLabel: string;
  submitLabel: ReactNode;
  submitColor?: 'primary' | 'secondary' | 'error';
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  onSubmit: (values: Output) => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <Form
        schema={schema}
        defaultValues={defaultValues}
        onSubmit={async (values) => {
          await onSubmit(values);
          onClose();
        }}
      >
        {children}
        <div className={styles.actions}>
          <Button onClick={onClose}>{dismissLabel}</Button>
          <FormSubmit size="medium" fullWidth={false} color={submitColor}>
            {submitLabel}
          </FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}

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
  const storeCredit = submission.payout.method === 'store_credit';
  const amount = submission.totals.final ?? 0;
  const total = storeCredit ? (submission.totals.storeCredit ?? amount) : amount;
  const schema = z.object({
    // Store credit needs no reference; a bank or PayPal payment needs the one it was made with.
    reference: storeCredit ? z.string().transform(() => null) : PayBody.shape.reference.unwrap(),
    note: NoteField,
  });
  return (
    <FormDialog
      title={`Pay ${formatUsd(total)}`}
      onClose={onClose}
      dismissLabel="Not now"
      submitLabel={storeCredit ? `Credit ${formatUsd(total)}` : 'Record payment'}
      submitColor="secondary"
      schema={schema}
      defaultValues={{ reference: '', note: '' }}
      onSubmit={(body) =>
        command.mutateAsync({
          kind: 'pay',
          idempotencyKey,
          // The method shown here: if the collector changed it since, the server refuses.
          body: { method: submission.payout.method, ...body },
        })
      }
    >
      <p className={styles.text}>
        {storeCredit
          ? `Credits ${formatUsd(total)} to ${submission.collector.username}'s wallet now: the offer of ${formatUsd(amount)} plus the ${submission.creditBonusPercent}% bonus.`
          : `Pay ${formatUsd(amount)} by ${PAYOUT_METHOD_LABELS[submission.payout.method]} yourself first (${submission.payout.masked ?? 'see the full details'}), then record the payment's reference here.`}
      </p>
      {!storeCredit && (
        <FormTextField
          name="reference"
          label="Payment reference"
          required
          helperText="As your bank or PayPal shows it"
        />
      )}
      <FormTextField name="note" label="Note (optional)" />
    </FormDialog>
  );
}

/** A blank carrier or tracking number is none; a typed one must pass the contract's rule. */
const orNull = <Out,>(rule: z.ZodType<Out, string | null>) =>
  z
    .string()
    .transform((text) => text.trim() || null)
    .pipe(rule);

/** Sending received cards back: the carrier and tracking, and why. */
export function ReturnDialog({
  submission,
  onClose,
}: {
  submission: AdminSubmission;
  onClose: () => void;
}) {
  const command = useStaffCommand(submission._id);
  const schema = z.object({
    carrier: orNull(ReturnBody.shape.carrier.unwrap()),
    trackingNumber: orNull(ReturnBody.shape.trackingNumber.unwrap()),
    note: NoteField,
  });
  return (
    <FormDialog
      title="Return the cards"
      onClose={onClose}
      dismissLabel="Not now"
      submitLabel="Mark returned"
      schema={schema}
      defaultValues={{ carrier: '', trackingNumber: '', note: '' }}
      onSubmit={(body) => command.mutateAsync({ kind: 'return', body })}
    >
      <FormTextField name="carrier" label="Carrier" helperText="USPS, UPS, FedEx…" />
      <FormTextField name="trackingNumber" label="Tracking number" />
      <FormTextField name="note" label="Why (shown to the collector)" multiline rows={2} />
    </FormDialog>
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
  return (
    <FormDialog
      title="Turn this submission down?"
      onClose={onClose}
      dismissLabel="Keep it"
      submitLabel="Turn down"
      submitColor="error"
      schema={z.object({ note: NoteField })}
      defaultValues={{ note: '' }}
      onSubmit={({ note }) => command.mutateAsync({ kind: 'cancel', note })}
    >
      <FormTextField name="note" label="Why (shown to the collector)" multiline rows={2} />
    </FormDialog>
  );
}

/** The card as typed: the FMV in dollars, and a store price unless left blank (a case card). */
const InventoryForm = z.object({
  name: orNull(AddToInventoryBody.shape.name.unwrap()),
  sport: AddToInventoryBody.shape.sport,
  fmv: z.string().trim().min(1).pipe(z.coerce.number()).pipe(AddToInventoryBody.shape.fmv),
  storePrice: z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(AddToInventoryBody.shape.storePrice.unwrap()),
});

/** The add button says what the card becomes: with a store price, a store card. */
function InventorySubmitLabel() {
  const storePrice = useWatch<{ storePrice: string }>({ name: 'storePrice' });
  return storePrice.trim() ? 'Add as store card' : 'Add as case card';
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
  return (
    <FormDialog
      title="Add to inventory"
      onClose={onClose}
      dismissLabel="Not now"
      submitLabel={<InventorySubmitLabel />}
      schema={InventoryForm}
      defaultValues={{
        name: `${card.year} ${card.setName} ${card.player} #${card.cardNumber}`,
        sport: '',
        fmv: card.finalOffer !== null ? String(card.finalOffer) : '',
        storePrice: '',
      }}
      onSubmit={(body) => command.mutateAsync({ kind: 'inventory', cardId: card._id, body })}
    >
      <p className={styles.text}>
        {card.grader} {card.certNumber}, grade {card.grade}. With a store price it goes on sale in
        the store; without one it waits for a Grail case.
      </p>
      <FormTextField name="name" label="Name" />
      <FormTextField
        name="sport"
        label="Sport"
        helperText="Baseball, Basketball, Football…"
        required
      />
      <div className={ui.pair}>
        <FormTextField name="fmv" label="FMV" inputMode="decimal" startAdornment="$" required />
        <FormTextField
          name="storePrice"
          label="Store price (optional)"
          inputMode="decimal"
          startAdornment="$"
          helperText="Empty: a case card"
        />
      </div>
    </FormDialog>
  );
}
