import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Alert, Spinner } from '@/components/ui';
import { Pager } from './Pager';
import styles from './AddressFilters.module.css';

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
    <Pager
      label={label}
      page={page}
      pages={pages}
      onPage={(chosen) => {
        const next = new URLSearchParams(params);
        next.set('page', String(chosen));
        setParams(next);
      }}
    />
  );
}

/** A staff list's filter form: a search landmark, its fields in a grid of up to `columns`. */
export function FilterForm({
  label,
  columns,
  onSubmit,
  children,
}: {
  label: string;
  columns: number;
  onSubmit: (form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  return (
    <div className={styles.panel}>
      <form
        role="search"
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e.currentTarget);
        }}
        className={styles.filters}
        data-columns={columns}
      >
        {children}
      </form>
    </div>
  );
}

interface ResultPage {
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a filtered staff list: a spinner while it loads, the error with a retry, `empty`
 * when nothing matches, else how many match (`count`), the page (`children`) and the pages.
 */
export function FilteredResults<T extends ResultPage>({
  query,
  loadingLabel,
  isEmpty,
  empty,
  count,
  pagesLabel,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  count: (total: number) => string;
  pagesLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return <LoadFailed onRetry={() => void query.refetch()}>{query.error.message}</LoadFailed>;
  }
  const data = query.data;
  if (isEmpty(data)) return <Alert severity="info">{empty}</Alert>;
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {count(data.total)}
      </p>
      {children(data)}
      <ResultPages
        total={data.total}
        pageSize={data.pageSize}
        page={data.page}
        label={pagesLabel}
      />
    </>
  );
}
