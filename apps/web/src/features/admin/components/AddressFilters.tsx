import { useSearchParams } from 'react-router';
import { Pagination } from '@mui/material';

/**
 * A staff list's filters as the address holds them (`?status=sold&page=2`), each of `keys` that
 * is set, with the size of one page.
 */
export function useAddressFilters<K extends string>(keys: readonly K[], pageSize: number) {
  const [params, setParams] = useSearchParams();
  const filters: Partial<Record<K | 'pageSize', string>> = {};
  filters.pageSize = String(pageSize);
  for (const key of keys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return { filters, params, setParams };
}

/** The pages of a filtered list, when there is more than one; a page chosen goes in the address. */
export function ResultPages({
  total,
  pageSize,
  page,
  label,
}: {
  total: number;
  pageSize: number;
  page: number;
  label: string;
}) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2 }}
      count={pages}
      page={page}
      siblingCount={0}
      onChange={(_, chosen) => {
        const next = new URLSearchParams(params);
        next.set('page', String(chosen));
        setParams(next);
      }}
      aria-label={label}
    />
  );
}
