import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Collapse,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import SearchIcon from '@mui/icons-material/Search';
import { CARD_GRADERS } from '@grail/contract';

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

/** The filters the badge counts and "Clear filters" empties (with the search). */
const FILTER_KEYS = ['sport', 'grader', 'minGrade', 'maxGrade', 'minPrice', 'maxPrice'] as const;

/** Search, filters and sort; every value lives in the URL query string (the caller owns it). */
export function StoreFilters({
  params,
  onChange,
}: {
  params: Params;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const [q, setQ] = useState(params.q ?? '');
  const [minPrice, setMinPrice] = useState(params.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(params.maxPrice ?? '');
  useEffect(() => setQ(params.q ?? ''), [params.q]);
  useEffect(() => setMinPrice(params.minPrice ?? ''), [params.minPrice]);
  useEffect(() => setMaxPrice(params.maxPrice ?? ''), [params.maxPrice]);

  // Typing searches after a short pause instead of on every key.
  useEffect(() => {
    const trimmed = q.trim();
    if (trimmed === (params.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: trimmed || undefined }), 350);
    return () => clearTimeout(timer);
  }, [q, params.q, onChange]);

  const price = (value: string) =>
    /^\d+(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : undefined;
  const applyPrices = () => onChange({ minPrice: price(minPrice), maxPrice: price(maxPrice) });
  /** A filter picked from a list; the empty choice (`anyLabel`) removes it from the query. */
  const selectFilter = (
    name: (typeof FILTER_KEYS)[number],
    label: string,
    anyLabel: string,
    options: readonly string[],
    minWidth: number,
  ) => (
    <TextField
      label={label}
      select
      size="small"
      value={params[name] ?? ''}
      onChange={(e) => onChange({ [name]: e.target.value || undefined })}
      sx={{ minWidth }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
  const sort = `${params.sort ?? 'createdAt'}:${params.order ?? 'desc'}`;
  const active = FILTER_KEYS.filter((k) => params[k]).length;
  const filtered = active > 0 || Boolean(params.q);
  // On a phone the filters fold away behind one button; on wider screens they always show.
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'));
  const [open, setOpen] = useState(false);

  return (
    <Stack spacing={1.5} component="form" role="search" onSubmit={(e) => e.preventDefault()}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label="Search cards"
          size="small"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ flexGrow: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100, 'aria-label': 'Search cards' },
          }}
        />
        <TextField
          label="Sort by"
          select
          size="small"
          value={SORTS.some((s) => s.value === sort) ? sort : 'createdAt:desc'}
          onChange={(e) => {
            const [field, order] = e.target.value.split(':');
            onChange({ sort: field, order });
          }}
          sx={{ minWidth: 200 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        {!wide && (
          <Button
            variant="outlined"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            startIcon={
              <Badge badgeContent={active} color="secondary">
                <TuneIcon />
              </Badge>
            }
          >
            Filters
          </Button>
        )}
      </Stack>
      <Collapse in={wide || open}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {selectFilter('sport', 'Sport', 'All sports', SPORTS, 140)}
          {selectFilter('grader', 'Grader', 'Any', [...CARD_GRADERS, 'Raw'], 120)}
          {selectFilter('minGrade', 'Min grade', 'Any', GRADES, 130)}
          {selectFilter('maxGrade', 'Max grade', 'Any', GRADES, 130)}
          <TextField
            label="Min price ($)"
            size="small"
            value={minPrice}
            onChange={(e) => setMinPrice(e.target.value)}
            onBlur={applyPrices}
            onKeyDown={(e) => e.key === 'Enter' && applyPrices()}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 130 }}
          />
          <TextField
            label="Max price ($)"
            size="small"
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
            onBlur={applyPrices}
            onKeyDown={(e) => e.key === 'Enter' && applyPrices()}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 130 }}
          />
          {filtered && (
            <Button
              onClick={() =>
                onChange(Object.fromEntries(['q', ...FILTER_KEYS].map((k) => [k, undefined])))
              }
            >
              Clear filters
            </Button>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
