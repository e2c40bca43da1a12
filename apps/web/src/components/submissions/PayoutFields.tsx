import clsx from 'clsx';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PayoutDraft, PayoutMethod } from '@grail/contract';
import { FormTextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import styles from './PayoutFields.module.css';

/** A payout form's start: the method chosen, every detail blank. */
export const emptyPayout = (method: PayoutMethod = 'store_credit'): PayoutDraft => ({
  method,
  accountHolder: '',
  routingNumber: '',
  accountNumber: '',
  email: '',
});

/**
 * How a collector is paid: store credit with the bonus, a bank transfer or PayPal. Bound to the
 * Form around it under `payout` (checked by the contract's PayoutForm). The details are sent once
 * and from then on only shown masked. Without `bonusPercent` (a withdrawal's payout method) there
 * is no store credit to choose, and nothing waits for a verification.
 */
export function PayoutFields({ bonusPercent }: { bonusPercent?: number }) {
  const selling = bonusPercent !== undefined;
  const after = selling ? ' after verification' : '';
  const { register } = useFormContext<{ payout: PayoutDraft }>();
  const method = useWatch<{ payout: PayoutDraft }, 'payout.method'>({ name: 'payout.method' });
  const option = (value: PayoutMethod, title: string, text: string) => (
    <label className={clsx(ui.radioOption, styles.option)}>
      <input type="radio" value={value} {...register('payout.method')} className={ui.radio} />
      <span className={ui.radioText}>
        <span className={ui.radioTitle}>{title}</span>
        <span className={styles.muted}>{text}</span>
      </span>
    </label>
  );
  return (
    <div className={styles.stack}>
      <fieldset className={clsx(ui.plainFieldset, styles.methods)}>
        <legend className={styles.legend}>How would you like to be paid?</legend>
        {selling &&
          option(
            'store_credit',
            `Store credit (+${bonusPercent}% bonus)`,
            `Paid to your wallet as soon as your cards are verified, with ${bonusPercent}% on top.`,
          )}
        {option('bank', 'Bank transfer', `Paid by ACH to a US bank account${after}.`)}
        {option('paypal', 'PayPal', `Paid to your PayPal account${after}.`)}
      </fieldset>
      {method === 'bank' && (
        <div className={styles.stack}>
          <FormTextField name="payout.accountHolder" label="Account holder" autoComplete="name" />
          <div className={styles.pair}>
            <FormTextField
              name="payout.routingNumber"
              label="Routing number"
              inputMode="numeric"
              autoComplete="off"
              helperText="9 digits"
            />
            <FormTextField
              name="payout.accountNumber"
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              helperText="4 to 17 digits"
            />
          </div>
        </div>
      )}
      {method === 'paypal' && (
        <FormTextField name="payout.email" label="PayPal email" type="email" autoComplete="email" />
      )}
      {method !== 'store_credit' && (
        <p className={styles.muted}>
          We store these details encrypted and only ever show them masked.
        </p>
      )}
    </div>
  );
}
