import type { ChangeEvent, ReactNode } from 'react';
import { get, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Button, type ButtonProps } from './Button';
import { Checkbox } from './Checkbox';
import { PasswordField } from './PasswordField';
import { TextField, type TextAreaProps, type TextFieldProps } from './TextField';

/** The message of a field's error, as the schema (or the server) gave it. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

export type BoundProps<Values extends FieldValues> = { name: Path<Values> };

/**
 * A TextField bound by name to the Form around it: its error (aria-invalid, described by the
 * message) or else `helperText` under it. type="password" gets the show/hide button;
 * `multiline` a textarea; `normalize` rewrites what is typed or pasted as it comes in.
 */
export function FormTextField<Values extends FieldValues = FieldValues>({
  name,
  type,
  multiline,
  normalize,
  ...props
}: BoundProps<Values> &
  Omit<TextFieldProps, 'name' | 'error' | 'ref' | 'endAdornment' | 'multiline'> & {
    multiline?: boolean;
    rows?: number;
    /** E.g. digits only: the field shows, and the form holds, the rewritten text. */
    normalize?: (text: string) => string;
  }) {
  const { register } = useFormContext<Values>();
  const error = useFieldError(name);
  const registered = register(name);
  const bound = {
    ...props,
    ...registered,
    ...(normalize && {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = normalize(event.target.value);
        return registered.onChange(event);
      },
    }),
    error,
  };
  if (type === 'password') return <PasswordField {...bound} />;
  // register()'s ref and handlers take a textarea as well as an input.
  if (multiline) return <TextField {...(bound as unknown as TextAreaProps)} multiline />;
  return <TextField {...bound} type={type} />;
}

/** A Checkbox bound by name (a boolean value) to the Form around it, its error under it. */
export function FormCheckbox<Values extends FieldValues = FieldValues>({
  name,
  label,
  disabled,
}: BoundProps<Values> & { label: ReactNode; disabled?: boolean }) {
  const { register } = useFormContext<Values>();
  return (
    <Checkbox {...register(name)} label={label} disabled={disabled} error={useFieldError(name)} />
  );
}

/**
 * The Form's submit button: large and contained, busy and disabled while it runs. Full width
 * unless `fullWidth={false}` (a short form's button keeps the width of its words).
 */
export function FormSubmit({
  children,
  pendingText,
  fullWidth = true,
  ...props
}: Omit<ButtonProps, 'type' | 'loading' | 'loadingText'> & { pendingText?: string }) {
  const { formState } = useFormContext();
  return (
    <Button
      variant="contained"
      size="large"
      {...props}
      fullWidth={fullWidth}
      type="submit"
      loading={formState.isSubmitting}
      loadingText={pendingText}
    >
      {children}
    </Button>
  );
}
