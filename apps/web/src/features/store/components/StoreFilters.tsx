import { useEffect, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { CARD_GRADERS } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import { IconWithCount } from './CountBadge';
import { FilterBar } from '@/components/FilterBar';
import { TYPING_PAUSE_MS } from '@/components/ui/SearchField';
import { TextField } from '@/components/ui/TextField';
import { filterSelects } from '@/components/ui/NativeSelect';
import styles from './StoreFilters.module.css';

export const SPORTS = ['Baseball', 'Basketball', 'Football', 'Hockey', 'Soccer', 'Pokemon'];
const GRADES = ['10', '9.5', '9', '8.5', '8', '7', '6', '5', '4', '3', '2', '1'];
export const SORTS = [
  { value: 'createdAt:desc', label: 'Newest' },
  { value: 'storePrice:asc', label: 'Price: low to high' },
  { value: 'storePrice:desc', label: 'Price: high to low' },
  { value: 'fmv:desc', label: 'FMV: high to low' },
  { value: 'name:asc', label: 'Name: A to Z' },
];

type Params = Record<string, string>;

/** Empty (no filter) or dollars with at most two decimals. */
const isPrice = (value: string) => /^(\d+(\.\d{1,2})?)?$/.test(value.trim());

/** The filters the badge counts and "Clear filters" empties (with the search). */
const FILTER_KEYS = ['sport', 'grader', 'minGrade', 'maxGrade', 'minPrice', 'maxPrice'] as const;

/** A list's options: its empty choice (`anyLabel`, which removes the filter) first. */
const choices = (anyLabel: string, values: readonly string[]) => [
  { value: '', label: anyLabel },
  ...values.map((value) => ({ value, label: value })),
];
const SPORT_CHOICES = choices('All sports', SPORTS);
const GRADER_CHOICES = choices('Any', [...CARD_GRADERS, 'Raw']);
const GRADE_CHOICES = choices('Any', GRADES);

/** Search, filters and sort; every value lives in the URL query string (the caller owns it). */
export function StoreFilters({
  params,
  onChange,
}: {
  params: Params;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const [minPrice, setMinPrice] = useState(params.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(params.maxPrice ?? '');
  useEffect(() => setMinPrice(params.minPrice ?? ''), [params.minPrice]);
  useEffect(() => setMaxPrice(params.maxPrice ?? ''), [params.maxPrice]);

  // Typing filters by price after a short pause, as the search does, instead of on every key.
  useEffect(() => {
    // A price half typed ("12.") waits for its next key rather than dropping the filter.
    if (!isPrice(minPrice) || !isPrice(maxPrice)) return;
    const changes = {
      minPrice: minPrice.trim() || undefined,
      maxPrice: maxPrice.trim() || undefined,
    };
    if (changes.minPrice === params.minPrice && changes.maxPrice === params.maxPrice) return;
    const timer = setTimeout(() => onChange(changes), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [minPrice, maxPrice, params.minPrice, params.maxPrice, onChange]);

  /** A filter picked from a list; the empty choice removes it from the query. */
  const selectFilter = filterSelects<(typeof FILTER_KEYS)[number]>(params, onChange);
  const priceField = (label: string, value: string, set: (value: string) => void) => (
    <div className={styles.price}>
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(e) => set(e.target.value)}
        inputMode="decimal"
      />
    </div>
  );
  const sort = `${params.sort ?? 'createdAt'}:${params.order ?? 'desc'}`;

  return (
    <FilterBar
      searchLabel="Search cards"
      params={params}
      onChange={onChange}
      filterKeys={FILTER_KEYS}
      sort={{
        value: SORTS.some((s) => s.value === sort) ? sort : 'createdAt:desc',
        options: SORTS,
        onChange: (value) => {
          const [field, order] = value.split(':');
          onChange({ sort: field, order });
        },
      }}
      filtersLabel={(active) => (
        <>
          <IconWithCount count={active}>
            <SlidersHorizontal aria-hidden />
          </IconWithCount>
          Filters
          {active > 0 && <span className={ui.visuallyHidden}>, {active} active</span>}
        </>
      )}
    >
      {selectFilter('sport', 'Sport', SPORT_CHOICES, styles.sport)}
      {selectFilter('grader', 'Grader', GRADER_CHOICES, styles.grader)}
      {selectFilter('minGrade', 'Min grade', GRADE_CHOICES, styles.grade)}
      {selectFilter('maxGrade', 'Max grade', GRADE_CHOICES, styles.grade)}
      {priceField('Min price ($)', minPrice, setMinPrice)}
      {priceField('Max price ($)', maxPrice, setMaxPrice)}
    </FilterBar>
  );
}
