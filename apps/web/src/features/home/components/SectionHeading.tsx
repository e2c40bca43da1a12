import clsx from 'clsx';
import type { ReactNode } from 'react';
import ui from '@/lib/styles/ui.module.css';
import styles from './SectionHeading.module.css';

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className={clsx(ui.h4, styles.heading)}>
      {children}
    </h2>
  );
}
