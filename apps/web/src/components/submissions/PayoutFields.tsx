import { PayoutInput, type PayoutMethod } from '@grail/contract';
import { TextField } from '@/components/ui';
import styles from './PayoutFields.module.css';

/** The payout form as typed: every field a string until it is checked. */
export interface PayoutDraft {
  method: PayoutMethod;
  accountHolder: string;
  routingNumber: string;
  accountNumber: string;
  email: string;
}
export type PayoutErrors = Partial<Record<Exclude<keyof PayoutDraft, 'method'>, string>>;

export const emptyPayout = (): PayoutDraft => ({
  method: 'store_credit',
  accountHolder: '',
  routingNumber: '',
  accountNumber: '',
  email: '',
});

/** The draft as the API takes it, or what is wrong with each field (the contract's own rules). */
export function parsePayout(d: PayoutDraft): { payout: PayoutInput | null; errors: PayoutErrors } {
  const input =
    d.method === 'bank'
      ? {
          method: d.method,
          accountHolder: d.accountHolder,
          routingNumber: d.routingNumber,
          accountNumber: d.accountNumber,
        }
      : d.method === 'paypal'
        ? { method: d.method, email: d.email }
        : { method: d.method };
  const parsed = PayoutInput.safeParse(input);
  if (parsed.success) return { payout: parsed.data, errors: {} };
  const errors: PayoutErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PayoutErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { payout: null, errors };
}

/**
 * How a collector is paid: store credit with the bonus, a bank transfer or PayPal. The details
 * are sent once and from then on only shown masked.
 */
export function PayoutFields({
  value,
  onChange,
  errors,
  bonusPercent,
}: {
  value: PayoutDraft;
  onChange: (next: PayoutDraft) => void;
  errors: PayoutErrors;
  bonusPercent: number;
}) {
  const set = (patch: Partial<PayoutDraft>) => onChange({ ...value, ...patch });
  const option = (method: PayoutMethod, title: string, text: string) => (
    <label className={styles.option}>
      <input
        type="radio"
        name="payout-method"
        value={method}
        checked={value.method === method}
        onChange={() => set({ method })}
        className={styles.radio}
      />
      <span className={styles.optionText}>
        <span className={styles.optionTitle}>{title}</span>
        <span className={styles.muted}>{text}</span>
      </span>
    </label>
  );
  return (
    <div className={styles.stack}>
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>How would you like to be paid?</legend>
        {option(
          'store_credit',
          `Store credit (+${bonusPercent}% bonus)`,
          `Paid to your wallet as soon as your cards are verified, with ${bonusPercent}% on top.`,
        )}
        {option('bank', 'Bank transfer', 'Paid by ACH to a US bank account after verification.')}
        {option('paypal', 'PayPal', 'Paid to your PayPal account after verification.')}
      </fieldset>
      {value.method === 'bank' && (
        <div className={styles.stack}>
          <TextField
            label="Account holder"
            autoComplete="name"
            value={value.accountHolder}
            onChange={(e) => set({ accountHolder: e.target.value })}
            error={errors.accountHolder}
          />
          <div className={styles.pair}>
            <TextField
              label="Routing number"
              inputMode="numeric"
              autoComplete="off"
              value={value.routingNumber}
              onChange={(e) => set({ routingNumber: e.target.value.trim() })}
              error={errors.routingNumber}
              helperText="9 digits"
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              value={value.accountNumber}
              onChange={(e) => set({ accountNumber: e.target.value.trim() })}
              error={errors.accountNumber}
              helperText="4 to 17 digits"
            />
          </div>
        </div>
      )}
      {value.method === 'paypal' && (
        <TextField
          label="PayPal email"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(e) => set({ email: e.target.value })}
          error={errors.email}
        />
      )}
      {value.method !== 'store_credit' && (
        <p className={styles.muted}>
          We store these details encrypted and only ever show them masked.
        </p>
      )}
    </div>
  );
}
