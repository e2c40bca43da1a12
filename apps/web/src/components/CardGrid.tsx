import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ListPagination } from '@/components/ui/Pagination';
import ui from '@/lib/styles/ui.module.css';
import styles from './CardGrid.module.css';

/**
 * Tiles of cards, two a row on a phone, three from 600 px, four from 1200 px. While `loading` it
 * holds placeholders (named `loading` for screen readers); while `stale` the tiles are the previous
 * answer's, dimmed until the next arrive: an update in progress.
 */
export function CardGrid({
  loading,
  stale = false,
  children,
}: {
  loading?: string;
  stale?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx(styles.grid, stale && styles.stale)}
      aria-busy={loading ? true : stale || undefined}
      aria-label={loading}
    >
      {children}
    </div>
  );
}

/**
 * How many a search found ("12 cards"), said to screen readers as it changes; a line's height
 * before the answer, so the grid below never moves.
 */
export function ResultCount({
  total,
  noun,
  testId,
  className,
}: {
  total: number | undefined;
  noun: string;
  testId: string;
  className?: string;
}) {
  return (
    <p
      className={clsx(ui.body2, ui.secondaryText, className)}
      aria-live="polite"
      data-testid={testId}
    >
      {total === undefined ? ' ' : `${total} ${noun}${total === 1 ? '' : 's'}`}
    </p>
  );
}

/** What a filtered grid shows when nothing matches. */
export function NoMatches({ className, testId }: { className?: string; testId?: string }) {
  return (
    <div className={clsx(styles.empty, className)} data-testid={testId}>
      <p className={ui.h6}>No cards match these filters.</p>
      <p className={clsx(ui.body1, ui.secondaryText)}>Try a broader search or clear the filters.</p>
    </div>
  );
}

/**
 * The pages of a list whose page is in the URL (`useUrlFilters`' update; the first page has no
 * `page`): nothing before the answer or while one page holds it.
 */
export function UrlPagination({
  result,
  update,
}: {
  result: { total: number; limit: number; page: number } | undefined;
  update: (changes: { page: string | undefined }) => void;
}) {
  if (!result) return null;
  return (
    <ListPagination
      total={result.total}
      pageSize={result.limit}
      page={result.page}
      onPageChange={(page) => update({ page: page === 1 ? undefined : String(page) })}
    />
  );
}
