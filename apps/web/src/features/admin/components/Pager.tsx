import { Button } from '@/components/ui';
import styles from './Pager.module.css';

/** A staff list's pages: the one shown, and the buttons to the one before and after. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  /** The navigation landmark's name, such as "Pages of accounts". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={label} className={styles.pager}>
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <Button
        size="small"
        variant="outlined"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </nav>
  );
}
