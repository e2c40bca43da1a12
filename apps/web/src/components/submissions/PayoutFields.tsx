import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PayoutInput, type PayoutMethod } from '@grail/contract';

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
    <FormControlLabel
      value={method}
      control={<Radio />}
      sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { mt: -0.5 } }}
      label={
        <Box sx={{ pb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Box>
      }
    />
  );
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="payout-method-label" sx={{ mb: 1 }}>
          How would you like to be paid?
        </FormLabel>
        <RadioGroup
          aria-labelledby="payout-method-label"
          name="payout-method"
          value={value.method}
          onChange={(e) => set({ method: e.target.value as PayoutMethod })}
        >
          {option(
            'store_credit',
            `Store credit (+${bonusPercent}% bonus)`,
            `Paid to your wallet as soon as your cards are verified, with ${bonusPercent}% on top.`,
          )}
          {option('bank', 'Bank transfer', 'Paid by ACH to a US bank account after verification.')}
          {option('paypal', 'PayPal', 'Paid to your PayPal account after verification.')}
        </RadioGroup>
      </FormControl>
      {value.method === 'bank' && (
        <Stack spacing={2}>
          <TextField
            label="Account holder"
            autoComplete="name"
            value={value.accountHolder}
            onChange={(e) => set({ accountHolder: e.target.value })}
            error={Boolean(errors.accountHolder)}
            helperText={errors.accountHolder}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Routing number"
              inputMode="numeric"
              autoComplete="off"
              value={value.routingNumber}
              onChange={(e) => set({ routingNumber: e.target.value.trim() })}
              error={Boolean(errors.routingNumber)}
              helperText={errors.routingNumber ?? '9 digits'}
              fullWidth
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              value={value.accountNumber}
              onChange={(e) => set({ accountNumber: e.target.value.trim() })}
              error={Boolean(errors.accountNumber)}
              helperText={errors.accountNumber ?? '4 to 17 digits'}
              fullWidth
            />
          </Stack>
        </Stack>
      )}
      {value.method === 'paypal' && (
        <TextField
          label="PayPal email"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(e) => set({ email: e.target.value })}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
      )}
      {value.method !== 'store_credit' && (
        <Typography variant="body2" color="text.secondary">
          We store these details encrypted and only ever show them masked.
        </Typography>
      )}
    </Stack>
  );
}
