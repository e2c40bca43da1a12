import { Controller, useFormState } from 'react-hook-form';
import { addressErrors } from '@/lib/addressErrors';
import { AddressFields } from './AddressFields';

/** A Form's `shippingAddress`, drawn as AddressFields with the schema's message on each field. */
export function FormAddressFields() {
  const { errors } = useFormState({ name: 'shippingAddress' });
  return (
    <Controller
      name="shippingAddress"
      render={({ field }) => (
        <AddressFields
          value={field.value}
          errors={addressErrors(errors.shippingAddress as Parameters<typeof addressErrors>[0])}
          onChange={field.onChange}
        />
      )}
    />
  );
}
