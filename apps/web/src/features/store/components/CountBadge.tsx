import type { ReactNode } from 'react';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './CountBadge.module.css';

/**
 * A button's start icon with a count on its corner, none at zero. The count is drawn only: the
 * button's own name says it to screen readers.
 */
export function IconWithCount({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className={styles.icon}>
      {children}
      {count > 0 && (
        <span className={clsx(ui.countPill, styles.count)} aria-hidden>
          {count}
        </span>
      )}
    </span>
  );
}
