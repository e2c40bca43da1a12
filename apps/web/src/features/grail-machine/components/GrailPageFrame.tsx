import type { ReactNode } from 'react';
import styles from './GrailPageFrame.module.css';

/** The frame of the Grail Machine's own pages: one section under one large title. */
export function GrailPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.frame}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}
