import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { PasswordField } from './PasswordField';
import { TextField, type TextFieldProps } from './TextField';

type Props<T extends FieldValues> = Omit<
  TextFieldProps,
  'form' | 'name' | 'invalid' | 'helperText' | 'ref' | 'endAdornment'
> & {
  form: UseFormReturn<T>;
  name: Path<T>;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/**
 * A field bound to a react-hook-form form (the build-time styled twin of FormTextField):
 * registered by name, marked invalid with its error's message under it, or the hint when there
 * is none. A password field gets its show/hide button.
 */
export function FormField<T extends FieldValues>({ form, name, hint, type, ...props }: Props<T>) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const bound = {
    ...props,
    ...form.register(name),
    invalid: Boolean(message),
    helperText: message ?? hint,
  };
  return type === 'password' ? <PasswordField {...bound} /> : <TextField {...bound} type={type} />;
}
