import { TextField, type TextFieldProps } from '@mui/material';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error' | 'helperText'> & {
  form: UseFormReturn<T>;
  name: Path<T>;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/**
 * A text field bound to a react-hook-form form: registered by name, marked invalid with its
 * error's message under it, or the hint when there is none.
 */
export function FormTextField<T extends FieldValues>({ form, name, hint, ...props }: Props<T>) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <TextField
      {...props}
      {...form.register(name)}
      error={Boolean(message)}
      helperText={message ?? hint}
    />
  );
}
