import { z } from 'zod';
import { CountryCode } from './countries.js';
import { checkPostalRules } from './postal.js';

/** A shipping address as a person sends it: the country is an ISO 3166-1 alpha-2 code. */
const ShippingAddressFields = z.object({
  name: z.string().trim().min(1).max(100),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(2).max(20),
  country: CountryCode,
});
/** Where the country's format is known (US, CA, GB), the postal code and state must follow it. */
export const ShippingAddress = ShippingAddressFields.superRefine(checkPostalRules);
export type ShippingAddress = z.infer<typeof ShippingAddress>;
/**
 * An address as it was saved and is shown back: addresses saved before countries were checked
 * against the list keep whatever two letters they have, and must still be shown, never fail.
 */
export const SavedShippingAddress = ShippingAddressFields.extend({ country: z.string() });
