import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { Button } from '@/components/ui/Button';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { SearchField } from '@/components/ui/SearchField';
import styles from './FilterBar.module.css';

type Changes = Record<string, string | undefined>;

/**
 * A list's search, sort and filters, every value in the URL query string (the page owns it): the
 * search and sort on top, the filters (`children`) under them, folded behind a button on a phone,
 * and "Clear filters" once anything narrows the list. The store and the marketplace use it.
 */
export function FilterBar({
  searchLabel,
  params,
  onChange,
  filterKeys,
  sort,
  filtersIcon,
  filtersLabel,
  children,
}: {
  searchLabel: string;
  params: Record<string, string>;
  onChange: (changes: Changes) => void;
  /** The filters the button counts and "Clear filters" empties (with the search). */
  filterKeys: readonly string[];
  sort: {
    value: string;
    options: readonly { value: string; label: string }[];
    onChange: (value: string) => void;
  };
  /** The filters button's start icon, if its label has none. */
  filtersIcon?: ReactNode;
  /** The filters button's content, given how many filters are on. */
  filtersLabel: (active: number) => ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  const active = filterKeys.filter((k) => params[k]).length;
  return (
    <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
      <div className={styles.topRow}>
        <SearchField
          label={searchLabel}
          value={params.q}
          onSearch={(q) => onChange({ q })}
          className={styles.search}
        />
        <NativeSelect label="Sort by" {...sort} className={styles.sort} />
        {/* Shown on a phone only: the filters below always show on wider screens. */}
        <Button
          variant="outlined"
          className={styles.filtersButton}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={filtersId}
          startIcon={filtersIcon}
        >
          {filtersLabel(active)}
        </Button>
      </div>
      <div id={filtersId} className={clsx(styles.filters, open && styles.open)}>
        {children}
        {(active > 0 || Boolean(params.q)) && (
          <Button
            variant="text"
            onClick={() =>
              onChange(Object.fromEntries(['q', ...filterKeys].map((k) => [k, undefined])))
            }
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
