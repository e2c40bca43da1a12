import { Stack, TextField } from '@mui/material';
import { ShippingAddress } from '@grail/contract';

export type AddressErrors = Partial<Record<keyof ShippingAddress, string>>;

/** Checks an address typed into AddressFields: the address, or a message per bad field. */
export function parseAddress(
  value: Partial<ShippingAddress>,
):
  | { address: ShippingAddress; errors?: undefined }
  | { address?: undefined; errors: AddressErrors } {
  const parsed = ShippingAddress.safeParse({
    ...value,
    line2: value.line2?.trim() ? value.line2 : undefined,
  });
  if (parsed.success) return { address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ShippingAddress;
    errors[field] ??= issue.code === 'too_small' ? 'Required' : issue.message;
  }
  return { errors };
}

const FIELDS: {
  name: keyof ShippingAddress;
  label: string;
  autoComplete: string;
  optional?: boolean;
}[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'line1', label: 'Address', autoComplete: 'address-line1' },
  {
    name: 'line2',
    label: 'Apartment, suite (optional)',
    autoComplete: 'address-line2',
    optional: true,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / region', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country (2 letters)', autoComplete: 'country' },
];

/** A shipping address form: the profile step and the checkout (prefilled from the profile). */
export function AddressFields({
  value,
  errors,
  onChange,
}: {
  value: Partial<ShippingAddress>;
  errors: AddressErrors;
  onChange: (next: Partial<ShippingAddress>) => void;
}) {
  return (
    <Stack spacing={1.5}>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          size="small"
          required={!f.optional}
          value={value[f.name] ?? ''}
          onChange={(e) => onChange({ ...value, [f.name]: e.target.value })}
          error={Boolean(errors[f.name])}
          helperText={errors[f.name]}
          slotProps={{ htmlInput: { autoComplete: `shipping ${f.autoComplete}` } }}
        />
      ))}
    </Stack>
  );
}
