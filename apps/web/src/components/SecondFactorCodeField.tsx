import { FormTextField } from '@/components/ui';

/**
 * The two-factor code a sensitive step asks for when two-factor sign-in is on (accepting an
 * offer, changing payout details, withdrawing), bound to the Form around it as `totpCode`; the
 * server's refusal of the code shows here too.
 */
export function SecondFactorCodeField() {
  return (
    <FormTextField
      name="totpCode"
      label="Two-factor code"
      inputMode="numeric"
      autoComplete="one-time-code"
      helperText="The 6-digit code from your authenticator app (or a recovery code)."
    />
  );
}
