import type { ReactNode } from 'react';
import { CartButton } from './CartButton';
import styles from './PageHeader.module.css';
import ui from '@/lib/styles/ui.module.css';

/** A store page's title with the cart always one click away. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        <h1 className={ui.pageTitle}>{title}</h1>
        {children}
      </div>
      <CartButton />
    </div>
  );
}
