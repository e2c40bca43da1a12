import { useId, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './Card.module.css';
import ui from '@/lib/styles/ui.module.css';

/**
 * A panel on the page's paper: an optional title (a heading at `level`, h2 unless said), an
 * action beside it, then its content. `as="section"` makes it a landmark named by the title.
 */
export function Card({
  title,
  level = 2,
  action,
  as: Tag = 'div',
  className,
  children,
}: {
  title?: ReactNode;
  level?: 2 | 3 | 4;
  action?: ReactNode;
  as?: 'div' | 'section' | 'article';
  className?: string;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  const headingId = useId();
  return (
    <Tag
      className={clsx(ui.paper, styles.card, className)}
      aria-labelledby={title && Tag === 'section' ? headingId : undefined}
    >
      {(title || action) && (
        <div className={styles.header}>
          {title && (
            <Heading id={headingId} className={styles.title}>
              {title}
            </Heading>
          )}
          {action}
        </div>
      )}
      {children}
    </Tag>
  );
}

/** A short label in a pill: a status, a grade, a count. Not a button. */
export function Badge({
  tone = 'neutral',
  variant = 'outlined',
  icon,
  children,
}: {
  tone?: 'neutral' | 'primary' | 'info' | 'success' | 'warning' | 'error';
  variant?: 'outlined' | 'filled';
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className={clsx(styles.badge, styles[tone], styles[variant])}>
      {icon}
      {children}
    </span>
  );
}
