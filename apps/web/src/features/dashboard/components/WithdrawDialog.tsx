import { useState } from 'react';
import { z } from 'zod';
import {
  NewPayoutMethodBody,
  PayoutForm,
  WITHDRAWAL_MIN,
  WITHDRAWAL_PAYOUT_TIME_TEXT,
  WithdrawBody,
  type SavedPayoutMethod,
} from '@grail/contract';
import {
  Button,
  Dialog,
  Form,
  FormSelect,
  FormSubmit,
  FormTextField,
  Skeleton,
} from '@/components/ui';
import { emptyPayout, PayoutFields } from '@/components/submissions/PayoutFields';
import { SecondFactorCodeField } from '@/components/SecondFactorCodeField';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAddPayoutMethod, useWithdraw, useWithdrawals } from '../api/withdrawals';
import styles from './WithdrawDialog.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/** A payout method as typed: the sell flow's payout form, bank or PayPal only. */
const PayoutMethodFields = z.object({ payout: PayoutForm.pipe(NewPayoutMethodBody) });

function AddPayoutMethod({ onSaved }: { onSaved: (method: SavedPayoutMethod) => void }) {
  const add = useAddPayoutMethod();
  return (
    <Form
      schema={PayoutMethodFields}
      label="Add a payout method"
      defaultValues={{ payout: emptyPayout('paypal') }}
      onSubmit={async ({ payout }) => onSaved(await add.mutateAsync(payout))}
    >
      <PayoutFields />
      <FormSubmit pendingText="Saving...">Save payout method</FormSubmit>
    </Form>
  );
}

/** The withdrawal as typed: the contract's amount, method and code, read from the fields' text. */
const WithdrawFields = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount.')
    .pipe(z.coerce.number({ message: 'Enter an amount in dollars, such as 25 or 10.50.' }))
    .pipe(WithdrawBody.shape.amount),
  payoutMethodId: z
    .string()
    .min(1, 'Choose where to send it.')
    .pipe(WithdrawBody.shape.payoutMethodId),
  totpCode: z
    .string()
    .trim()
    .transform((code) => code || undefined)
    .pipe(WithdrawBody.shape.totpCode),
});

function WithdrawForm({
  methods,
  chosen,
  withdrawable,
  onAdd,
  onDone,
}: {
  methods: SavedPayoutMethod[];
  chosen: string;
  withdrawable: number;
  onAdd: () => void;
  onDone: () => void;
}) {
  const withdraw = useWithdraw();
  const { user } = useAuth();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return (
    <Form
      schema={WithdrawFields}
      label="Withdraw"
      defaultValues={{ amount: withdrawable.toFixed(2), payoutMethodId: chosen, totpCode: '' }}
      onSubmit={async (body) => {
        const made = await withdraw.mutateAsync({ body, idempotencyKey });
        notify.success(`Withdrawal of ${formatUsd(made.amount)} requested.`);
        onDone();
      }}
    >
      <FormTextField
        name="amount"
        label="Amount"
        inputMode="decimal"
        startAdornment="$"
        helperText={`${formatUsd(WITHDRAWAL_MIN)} to ${formatUsd(withdrawable)}`}
      />
      <FormSelect
        name="payoutMethodId"
        label="Send to"
        options={methods.map((m) => ({ value: m._id, label: m.masked }))}
      />
      <div>
        <Button size="small" onClick={onAdd}>
          Add a payout method
        </Button>
      </div>
      {user?.totpEnabled && <SecondFactorCodeField />}
      <FormSubmit pendingText="Withdrawing...">Withdraw</FormSubmit>
    </Form>
  );
}

/**
 * 'Withdraw': withdrawable cash to a saved PayPal address or bank account (one is added here
 * first when none is saved), with a two-factor code when two-factor sign-in is on.
 */
export function WithdrawDialog({ withdrawable }: { withdrawable: number }) {
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const mine = useWithdrawals();
  const methods = mine.data?.payoutMethods ?? [];
  const showAdd = adding || (mine.data !== undefined && methods.length === 0);
  const tooLittle = withdrawable < WITHDRAWAL_MIN;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setAdding(false);
      }}
      title="Withdraw cash"
      description={`Withdrawable now: ${formatUsd(withdrawable)}. ${WITHDRAWAL_PAYOUT_TIME_TEXT}`}
      trigger={
        <Button variant="outlined" size="medium" disabled={tooLittle}>
          Withdraw
        </Button>
      }
    >
      <div className={styles.body}>
        {mine.isPending && <Skeleton variant="rounded" height={120} />}
        {mine.isError && (
          <LoadFailed onRetry={mine.refetch}>Could not load your payout methods.</LoadFailed>
        )}
        {mine.data &&
          (showAdd ? (
            <AddPayoutMethod
              onSaved={(method) => {
                setChosen(method._id);
                setAdding(false);
              }}
            />
          ) : (
            <WithdrawForm
              key={chosen ?? methods[0]!._id}
              methods={methods}
              chosen={chosen ?? methods[0]!._id}
              withdrawable={withdrawable}
              onAdd={() => setAdding(true)}
              onDone={() => setOpen(false)}
            />
          ))}
      </div>
    </Dialog>
  );
}
