import {
  CARD_GRADERS,
  HOLDING_STATES,
  HOLDING_STATE_LABELS,
  VAULT_SORTS,
  VAULT_SORT_LABELS,
} from '@grail/contract';
import { Button, NativeSelect, SearchField, filterSelects } from '@/components/ui';
import styles from './VaultFilters.module.css';

/** The filters as the address holds them: strings, absent when not filtering. */
export type VaultParams = Partial<
  Record<'q' | 'grader' | 'grade' | 'sport' | 'state' | 'sort', string>
>;
const FILTER_KEYS = ['q', 'grader', 'grade', 'sport', 'state'] as const;

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
  const select = filterSelects(params, onChange);
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
        // Enter searches at once, without waiting for the typing pause.
        const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
        onChange({ q: q || undefined });
      }}
    >
      <SearchField
        label="Search your vault"
        value={params.q}
        onSearch={(q) => onChange({ q })}
        className={styles.search}
      />
      {select('grader', 'Grader', GRADERS, styles.select)}
      {select('grade', 'Grade', GRADE_CHOICES, styles.select)}
      {select('sport', 'Sport', sportChoices, styles.select)}
      {select('state', 'State', STATES, styles.select)}
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
