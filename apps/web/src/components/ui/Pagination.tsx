import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import styles from './Pagination.module.css';

/** At most this many entries between the arrows: every page, or the ends and the pages near. */
const SLOTS = 7;

/** The pages to show, `null` where an ellipsis stands for pages left out. */
export function pageSlots(count: number, page: number): (number | null)[] {
  const pages = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= SLOTS) return pages;
  if (page <= 4) return [...pages.slice(0, 5), null, count];
  if (page > count - 4) return [1, null, ...pages.slice(count - 5)];
  return [1, null, page - 1, page, page + 1, null, count];
}

/**
 * Numbered pages between a previous and a next arrow, the current page marked (`aria-current`).
 * Each is a button, so Tab and Enter or Space move between pages; an arrow at an end is disabled.
 */
export function Pagination({
  count,
  page,
  onPageChange,
  label = 'pagination navigation',
  className,
}: {
  /** How many pages there are. */
  count: number;
  /** The current page, from 1. */
  page: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={styles.pages}>
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={page <= 1}
            aria-label="Go to previous page"
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden className={styles.arrow} />
          </button>
        </li>
        {pageSlots(count, page).map((slot, i) =>
          slot === null ? (
            <li key={`gap-${i}`} aria-hidden className={clsx(styles.item, styles.gap)}>
              …
            </li>
          ) : (
            <li key={slot}>
              <button
                type="button"
                className={clsx(styles.item, slot === page && styles.current)}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={slot === page ? `page ${slot}` : `Go to page ${slot}`}
                onClick={() => slot !== page && onPageChange(slot)}
              >
                {slot}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={page >= count}
            aria-label="Go to next page"
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRight aria-hidden className={styles.arrow} />
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The pages of a list of `total` entries, `pageSize` to a page: nothing while one page holds them. */
export function ListPagination({
  total,
  pageSize,
  ...pagination
}: { total: number; pageSize: number } & Omit<Parameters<typeof Pagination>[0], 'count'>) {
  if (total <= pageSize) return null;
  return <Pagination count={Math.ceil(total / pageSize)} {...pagination} />;
}
