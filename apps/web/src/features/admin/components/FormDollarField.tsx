import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/ui';

/** A price staff type in dollars: a number in steps of a cent, a cent at least. */
export function FormDollarField<Values extends FieldValues = FieldValues>(
  props: Omit<ComponentProps<typeof FormTextField<Values>>, 'type' | 'step' | 'min'>,
) {
  return <FormTextField<Values> {...props} type="number" step="0.01" min="0.01" />;
}
