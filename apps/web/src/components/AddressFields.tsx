import { useMemo } from 'react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import { COUNTRY_CODES, ShippingAddress } from '@grail/contract';

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
    errors[field] ??= issue.message;
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
];

interface CountryOption {
  code: string;
  name: string;
}

/** Every ISO country by its name in the reader's language, sorted by that name. */
function useCountryOptions(): CountryOption[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames(undefined, { type: 'region' });
    const collator = new Intl.Collator();
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, []);
}

/** Typing finds a country by its code ('US', 'GB') first, then by the start of its name. */
function filterCountries(options: CountryOption[], typed: string): CountryOption[] {
  const query = typed.trim().toLowerCase();
  if (!query) return options;
  const byCode = options.filter((o) => o.code.toLowerCase() === query);
  const byStart = options.filter(
    (o) => o.name.toLowerCase().startsWith(query) && !byCode.includes(o),
  );
  const byWord = options.filter(
    (o) => o.name.toLowerCase().includes(query) && !byCode.includes(o) && !byStart.includes(o),
  );
  return [...byCode, ...byStart, ...byWord];
}

/** The country: a searchable list of ISO countries, sent as the 2-letter code. */
function CountryField({
  value,
  error,
  onChange,
}: {
  value: string | undefined;
  error: string | undefined;
  onChange: (code: string | undefined) => void;
}) {
  const options = useCountryOptions();
  const selected = options.find((o) => o.code === value?.trim().toUpperCase()) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, next) => onChange(next?.code)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(all, state) => filterCountries(all, state.inputValue)}
      autoHighlight
      autoSelect
      size="small"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Country"
          required
          error={Boolean(error)}
          helperText={error}
          inputProps={{ ...params.inputProps, autoComplete: 'shipping country-name' }}
        />
      )}
    />
  );
}

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
      <CountryField
        value={value.country}
        error={errors.country}
        onChange={(country) =>
          onChange({ ...value, country: country as ShippingAddress['country'] })
        }
      />
    </Stack>
  );
}
