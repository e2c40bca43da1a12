import { Controller, useFormContext, type FieldValues } from 'react-hook-form';
import { useFieldError, type BoundProps } from './FormFields';
import { Select, type SelectOption } from './Select';

// Apart from the other bound fields: Radix's select is about 30 KB, which the sign-in and
// register pages (text fields only) would otherwise preload.

/** A Select bound by name (a string value) to the Form around it. */
export function FormSelect<Values extends FieldValues = FieldValues>({
  name,
  label,
  options,
  placeholder,
  helperText,
  disabled,
}: BoundProps<Values> & {
  label: string;
  options: SelectOption[];
  placeholder?: string;
  helperText?: string;
  disabled?: boolean;
}) {
  const { control } = useFormContext<Values>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          {...{ label, options, placeholder, helperText, disabled, error }}
        />
      )}
    />
  );
}
