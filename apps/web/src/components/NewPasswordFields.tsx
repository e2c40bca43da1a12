import { useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/ui/FormFields';
import { PasswordStrength } from '@/components/ui/PasswordStrength';

/**
 * A Form's new password with its strength meter and, where a typing slip would lock the person
 * out (sign-up, reset), the field `confirmPassword` to type it again.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  autoFocus,
}: {
  name: string;
  label: string;
  /** The second field's label; without it there is no second field. */
  confirmLabel?: string;
  autoFocus?: boolean;
}) {
  const password = useWatch({ name }) as string;
  return (
    <>
      <FormTextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <PasswordStrength password={password} />
      {confirmLabel && (
        <FormTextField
          name="confirmPassword"
          label={confirmLabel}
          type="password"
          autoComplete="new-password"
        />
      )}
    </>
  );
}
