import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import {
  CARD_GRADERS,
  HOLDING_STATES,
  HOLDING_STATE_LABELS,
  VAULT_SORTS,
  VAULT_SORT_LABELS,
} from '@grail/contract';
import { Button, NativeSelect, TextField } from '@/components/ui';
import styles from './VaultFilters.module.css';

/** The filters as the address holds them: strings, absent when not filtering. */
export type VaultParams = Partial<
  Record<'q' | 'grader' | 'grade' | 'sport' | 'state' | 'sort', string>
>;
const FILTER_KEYS = ['q', 'grader', 'grade', 'sport', 'state'] as const;

const TYPING_PAUSE_MS = 350;
const GRADES = ['10', '9.5', '9', '8.5', '8', '7', '6', '5', '4', '3', '2', '1'];
const GRADERS = [
  { value: '', label: 'Any' },
  ...CARD_GRADERS.map((g) => ({ value: g, label: g })),
  { value: 'raw', label: 'Raw' },
];
const GRADE_CHOICES = [{ value: '', label: 'Any' }, ...GRADES.map((g) => ({ value: g, label: g }))];
const STATES = [
  { value: '', label: 'Held for you' },
  ...HOLDING_STATES.map((s) => ({ value: s, label: HOLDING_STATE_LABELS[s] })),
  { value: 'all', label: 'All cards' },
];
const SORTS = VAULT_SORTS.map((s) => ({ value: s, label: VAULT_SORT_LABELS[s] }));

/**
 * Search, filters and sort of the vault: a plain search form whose values go into the address
 * (the caller owns it). Typing searches after a short pause; a list applies at once.
 */
export function VaultFilters({
  params,
  sports,
  onChange,
}: {
  params: VaultParams;
  /** The sports among the collector's cards. */
  sports: string[];
  onChange: (changes: VaultParams) => void;
}) {
  const [q, setQ] = useState(params.q ?? '');
  useEffect(() => setQ(params.q ?? ''), [params.q]);
  useEffect(() => {
    const trimmed = q.trim();
    if (trimmed === (params.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: trimmed || undefined }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, params.q, onChange]);

  const select = (
    name: keyof VaultParams,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <NativeSelect
      label={label}
      value={params[name] ?? ''}
      options={options}
      onChange={(value) => onChange({ [name]: value || undefined })}
      className={styles.select}
    />
  );
  const sportChoices = [
    { value: '', label: 'All sports' },
    ...[...new Set([...sports, ...(params.sport ? [params.sport] : [])])].map((s) => ({
      value: s,
      label: s,
    })),
  ];
  const filtered = FILTER_KEYS.some((k) => params[k]);

  return (
    <form
      role="search"
      aria-label="Vault filters"
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ q: q.trim() || undefined });
      }}
    >
      <div className={styles.search}>
        <TextField
          size="small"
          label="Search your vault"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          maxLength={100}
          startAdornment={<Search aria-hidden size={20} />}
        />
      </div>
      {select('grader', 'Grader', GRADERS)}
      {select('grade', 'Grade', GRADE_CHOICES)}
      {select('sport', 'Sport', sportChoices)}
      {select('state', 'State', STATES)}
      <NativeSelect
        label="Sort by"
        value={params.sort ?? 'newest'}
        options={SORTS}
        onChange={(value) => onChange({ sort: value === 'newest' ? undefined : value })}
        className={styles.select}
      />
      {filtered && (
        <Button
          onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}
        >
          Clear filters
        </Button>
      )}
    </form>
  );
}
