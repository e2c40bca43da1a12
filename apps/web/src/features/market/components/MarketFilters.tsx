import { useEffect, useRef, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { CARD_GRADERS, MARKET_SORTS, MARKET_SORT_LABELS } from '@grail/contract';
import { FilterBar } from '@/components/FilterBar';
import { TextField, filterSelects } from '@/components/ui';
import { TYPING_PAUSE_MS } from '@/components/ui/SearchField';
import styles from './MarketFilters.module.css';

export type MarketParams = Record<string, string>;
type Changes = Record<string, string | undefined>;

const SPORTS = ['Baseball', 'Basketball', 'Football', 'Hockey', 'Soccer', 'Pokemon'];
const GRADES = ['10', '9.5', '9', '8.5', '8', '7', '6', '5', '4', '3', '2', '1'];

/** Every parameter of the search the URL may hold, besides the page. */
export const MARKET_PARAM_KEYS = [
  'q',
  'player',
  'set',
  'year',
  'sport',
  'grader',
  'minGrade',
  'minPrice',
  'maxPrice',
  'sort',
] as const;
/** The filters the badge counts and "Clear filters" empties (with the search). */
const FILTER_KEYS = MARKET_PARAM_KEYS.filter((k) => k !== 'q' && k !== 'sort');

const SORT_CHOICES = MARKET_SORTS.map((value) => ({ value, label: MARKET_SORT_LABELS[value] }));
const SPORT_CHOICES = [
  { value: '', label: 'All sports' },
  ...SPORTS.map((s) => ({ value: s, label: s })),
];
const GRADER_CHOICES = [
  { value: '', label: 'Any' },
  ...CARD_GRADERS.map((g) => ({ value: g, label: g })),
  { value: 'raw', label: 'Raw (ungraded)' },
];
const GRADE_CHOICES = [
  { value: '', label: 'Any' },
  ...GRADES.map((g) => ({ value: g, label: `${g} or better` })),
];

/** What each typed filter accepts; anything else waits for the next key. */
const PATTERNS: Record<string, RegExp> = {
  player: /^.{0,100}$/,
  set: /^.{0,100}$/,
  year: /^(\d{4})?$/,
  minPrice: /^(\d+(\.\d{1,2})?)?$/,
  maxPrice: /^(\d+(\.\d{1,2})?)?$/,
};

/** A filter typed as text: it applies after a short pause, and follows the URL when it changes. */
function TypedFilter({
  name,
  label,
  value,
  onChange,
  inputMode,
  className,
}: {
  name: string;
  label: string;
  value: string | undefined;
  onChange: (changes: Changes) => void;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (value ?? '') || !PATTERNS[name]!.test(trimmed)) return;
    const timer = setTimeout(
      () => change.current({ [name]: trimmed || undefined }),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, value, name]);
  return (
    <div className={className}>
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode={inputMode}
        maxLength={100}
      />
    </div>
  );
}

/** The marketplace's search, filters and sort; every value lives in the URL (the page owns it). */
export function MarketFilters({
  params,
  onChange,
}: {
  params: MarketParams;
  onChange: (changes: Changes) => void;
}) {
  const select = filterSelects<string>(params, onChange);
  const typed = (
    name: string,
    label: string,
    className: string | undefined,
    inputMode?: 'decimal' | 'numeric',
  ) => (
    <TypedFilter
      name={name}
      label={label}
      value={params[name]}
      onChange={onChange}
      inputMode={inputMode}
      className={className}
    />
  );
  return (
    <FilterBar
      searchLabel="Search the marketplace"
      params={params}
      onChange={onChange}
      filterKeys={FILTER_KEYS}
      sort={{
        value: params.sort ?? 'newest',
        options: SORT_CHOICES,
        onChange: (sort) => onChange({ sort: sort === 'newest' ? undefined : sort }),
      }}
      filtersIcon={<SlidersHorizontal aria-hidden />}
      filtersLabel={(active) => (active > 0 ? `Filters (${active})` : 'Filters')}
    >
      {typed('player', 'Player', styles.text)}
      {typed('set', 'Set', styles.text)}
      {typed('year', 'Year', styles.short, 'numeric')}
      {select('sport', 'Sport', SPORT_CHOICES, styles.select)}
      {select('grader', 'Grader', GRADER_CHOICES, styles.select)}
      {select('minGrade', 'Min grade', GRADE_CHOICES, styles.select)}
      {typed('minPrice', 'Min price ($)', styles.short, 'decimal')}
      {typed('maxPrice', 'Max price ($)', styles.short, 'decimal')}
    </FilterBar>
  );
}
