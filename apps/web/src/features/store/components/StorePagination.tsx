import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import styles from './StorePagination.module.css';

/** Up to 7 entries between the arrows: every page, or the ends, the current page and its neighbours. */
const SLOTS = 7;

/** The pages to offer, `null` where an ellipsis stands for the pages left out. */
export function pageList(count: number, page: number): (number | null)[] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= SLOTS) return all;
  if (page <= 4) return [...all.slice(0, 5), null, count];
  if (page >= count - 3) return [1, null, ...all.slice(count - 5)];
  return [1, null, page - 1, page, page + 1, null, count];
}

/** The store's pages: previous, the page numbers (the current one marked), next. */
export function StorePagination({
  count,
  page,
  onChange,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
}) {
  return (
    <nav aria-label="pagination navigation">
      <ul className={styles.pages}>
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={page <= 1}
            aria-label="Go to previous page"
            onClick={() => onChange(page - 1)}
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
        </li>
        {pageList(count, page).map((entry, i) =>
          entry === null ? (
            <li key={`gap${i}`}>
              <span className={clsx(styles.item, styles.ellipsis)}>…</span>
            </li>
          ) : (
            <li key={entry}>
              <button
                type="button"
                className={clsx(styles.item, entry === page && styles.current)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={entry === page ? `page ${entry}` : `Go to page ${entry}`}
                onClick={() => entry !== page && onChange(entry)}
              >
                {entry}
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
            onClick={() => onChange(page + 1)}
          >
            <ChevronRight aria-hidden size={20} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
