import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { COUNTRY_CODES, ShippingAddress } from '@grail/contract';
import { TextField } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import styles from './AddressFields.module.css';

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

/**
 * The country: a searchable list of ISO countries, sent as the 2-letter code. A combobox (WAI-ARIA
 * pattern): typing filters the list with its first match highlighted, arrows move, Enter or a
 * click picks, Escape closes; leaving the field picks the highlighted match of what was typed.
 */
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
  const listId = useId();
  // What is typed while the list is open; null shows the chosen country's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => filterCountries(options, typed ?? ''), [options, typed]);
  const highlighted = open ? matches[active] : undefined;

  useEffect(() => {
    if (highlighted)
      document
        .getElementById(`${listId}-${highlighted.code}`)
        ?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted, listId]);

  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const pick = (option: CountryOption) => {
    onChange(option.code);
    close();
  };
  const show = (next: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(next, matches.length - 1)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') show(open ? active + 1 : 0);
    else if (event.key === 'ArrowUp') show(open ? active - 1 : matches.length - 1);
    else if (event.key === 'Enter' && highlighted) pick(highlighted);
    else if (event.key === 'Escape' && open) close();
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.country}>
      <TextField
        label="Country"
        required
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={highlighted ? `${listId}-${highlighted.code}` : undefined}
        autoComplete="shipping country-name"
        value={typed ?? selected?.name ?? ''}
        onChange={(event) => {
          // Emptying the field clears the country, as deleting a choice does.
          if (!event.target.value) onChange(undefined);
          setTyped(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (typed?.trim() && highlighted) pick(highlighted);
          else close();
        }}
        error={error}
        endAdornment={
          <ChevronDown aria-hidden className={clsx(styles.chevron, open && styles.up)} />
        }
      />
      {open && matches.length === 0 && (
        <p className={clsx(ui.paper, styles.list, styles.none)}>No options</p>
      )}
      {open && matches.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Countries"
          className={clsx(ui.paper, styles.list)}
        >
          {matches.map((o, i) => (
            <li
              key={o.code}
              id={`${listId}-${o.code}`}
              role="option"
              aria-selected={o.code === selected?.code}
              className={clsx(styles.option, i === active && styles.active)}
              // Keeps the focus in the field, so leaving it does not pick first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => pick(o)}
            >
              {o.name}
            </li>
          ))}
        </ul>
      )}
    </div>
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
    <div className={styles.fields}>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          required={!f.optional}
          value={value[f.name] ?? ''}
          onChange={(e) => onChange({ ...value, [f.name]: e.target.value })}
          error={errors[f.name]}
          autoComplete={`shipping ${f.autoComplete}`}
        />
      ))}
      <CountryField
        value={value.country}
        error={errors.country}
        onChange={(country) =>
          onChange({ ...value, country: country as ShippingAddress['country'] })
        }
      />
    </div>
  );
}
