import clsx from 'clsx';
import type { ReactNode } from 'react';
import ui from '@/lib/styles/ui.module.css';
import styles from './Notice.module.css';

/** A one-line error or warning, announced to screen readers, framed in its severity's colour. */
export function Notice({
  severity,
  children,
}: {
  severity: 'error' | 'warning';
  children: ReactNode;
}) {
  return (
    <p role="alert" className={clsx(ui.body1, styles.notice, styles[severity])}>
      {children}
    </p>
  );
}
