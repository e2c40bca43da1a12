import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Lock } from 'lucide-react';
import ui from '@/lib/styles/ui.module.css';
import styles from './AuthCard.module.css';

/**
 * The frame of every sign-in screen: a centred card with an icon, a title and a subtitle. Styled
 * at build time, so /login and /register load no MUI; the other sign-in pages put MUI inside it.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={clsx(styles.section, wide && styles.wide)}>
      <div className={clsx(ui.paper, styles.card)}>
        <div className={styles.icon}>
          <Lock aria-hidden size={24} />
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && (
          <p className={clsx(ui.body1, ui.secondaryText, styles.subtitle)}>{subtitle}</p>
        )}
        {children}
      </div>
    </section>
  );
}
