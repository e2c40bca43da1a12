import { Button } from '@/components/ui';
import styles from './Pager.module.css';

/**
 * A staff list's pages: the one shown, and the buttons to the one before and after. A list whose
 * count the server does not send gives `hasNext` instead of `pages`.
 */
export function Pager({
  label,
  page,
  pages,
  hasNext,
  onPage,
}: {
  /** The navigation landmark's name, such as "Pages of accounts". */
  label: string;
  page: number;
  onPage: (page: number) => void;
} & ({ pages: number; hasNext?: never } | { pages?: never; hasNext: boolean })) {
  const last = pages === undefined ? !hasNext : page >= pages;
  return (
    <nav aria-label={label} className={styles.pager}>
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span aria-current="page">
        Page {page}
        {pages !== undefined && ` of ${pages}`}
      </span>
      <Button size="small" variant="outlined" disabled={last} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
