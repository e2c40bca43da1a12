import type { ReactNode } from 'react';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import styles from './Alert.module.css';

export type Severity = 'info' | 'success' | 'warning' | 'error';

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

/**
 * A message in its severity's colours. An error or warning is announced when it appears
 * (role="alert"); info and success are polite (role="status") so they never interrupt.
 */
export function Alert({
  severity = 'error',
  title,
  action,
  className,
  children,
}: {
  severity?: Severity;
  title?: string;
  /** A button at the message's end, such as 'Start over'. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const Icon = icons[severity];
  const urgent = severity === 'error' || severity === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={clsx(styles.alert, styles[severity], className)}
    >
      <Icon aria-hidden className={styles.alertIcon} />
      <div className={styles.alertMessage}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
      {action && <div className={styles.alertAction}>{action}</div>}
    </div>
  );
}
