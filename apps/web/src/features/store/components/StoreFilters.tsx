import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { CARD_GRADERS } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import { IconWithCount } from './CountBadge';
import { SearchField, TYPING_PAUSE_MS } from '@/components/ui/SearchField';
import { TextField } from '@/components/ui/TextField';
import { NativeSelect, filterSelects } from '@/components/ui/NativeSelect';
import styles from './StoreFilters.module.css';
import { Button } from '@/components/ui/Button';

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
  const active = FILTER_KEYS.filter((k) => params[k]).length;
  const filtered = active > 0 || Boolean(params.q);
  const [open, setOpen] = useState(false);
  const filtersId = useId();

  return (
    <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
      <div className={styles.topRow}>
        <SearchField
          label="Search cards"
          value={params.q}
          onSearch={(q) => onChange({ q })}
          className={styles.search}
        />
        <NativeSelect
          label="Sort by"
          value={SORTS.some((s) => s.value === sort) ? sort : 'createdAt:desc'}
          options={SORTS}
          onChange={(value) => {
            const [field, order] = value.split(':');
            onChange({ sort: field, order });
          }}
          className={styles.sort}
        />
        {/* Shown on a phone only: the filters below always show on wider screens. */}
        <Button
          variant="outlined"
          className={styles.filtersButton}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={filtersId}
        >
          <IconWithCount count={active}>
            <SlidersHorizontal aria-hidden />
          </IconWithCount>
          Filters
          {active > 0 && <span className={ui.visuallyHidden}>, {active} active</span>}
        </Button>
      </div>
      <div id={filtersId} className={clsx(styles.filters, open && styles.open)}>
        {selectFilter('sport', 'Sport', SPORT_CHOICES, styles.sport)}
        {selectFilter('grader', 'Grader', GRADER_CHOICES, styles.grader)}
        {selectFilter('minGrade', 'Min grade', GRADE_CHOICES, styles.grade)}
        {selectFilter('maxGrade', 'Max grade', GRADE_CHOICES, styles.grade)}
        {priceField('Min price ($)', minPrice, setMinPrice)}
        {priceField('Max price ($)', maxPrice, setMaxPrice)}
        {filtered && (
          <Button
            variant="text"
            onClick={() =>
              onChange(Object.fromEntries(['q', ...FILTER_KEYS].map((k) => [k, undefined])))
            }
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
