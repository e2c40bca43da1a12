import type { FieldError, FieldErrors } from 'react-hook-form';
import type { ShippingAddress } from '@grail/contract';
import type { AddressErrors } from '@/components/AddressFields';

/**
 * A Form's errors for its shipping address (the schema's, nested under the address), as
 * AddressFields shows them: one message per field.
 */
export function addressErrors(errors: FieldErrors<Partial<ShippingAddress>> | undefined) {
  const messages: AddressErrors = {};
  for (const [field, error] of Object.entries(errors ?? {})) {
    const message = (error as FieldError | undefined)?.message;
    if (typeof message === 'string') messages[field as keyof ShippingAddress] = message;
  }
  return messages;
}
