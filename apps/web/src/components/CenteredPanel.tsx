import type { ReactNode } from 'react';
import styles from './CenteredPanel.module.css';

/**
 * An outlined panel in the middle of its space: icon, heading, text and actions. The start-up and
 * error screens use it, so they render without loading MUI.
 */
export function CenteredPanel({
  icon,
  title,
  children,
  actions,
  role,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div role={role} className={styles.frame}>
      <div className={styles.panel}>
        <div className={styles.icon}>{icon}</div>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.body}>{children}</div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}
