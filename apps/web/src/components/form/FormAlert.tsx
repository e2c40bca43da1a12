import type { ReactNode } from 'react';
import clsx from 'clsx';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import styles from './form.module.css';

/** A message above a form (a refused sign-in, an expired session), announced when it appears. */
export function FormAlert({
  severity = 'error',
  action,
  children,
}: {
  severity?: 'error' | 'warning';
  /** A button at the message's end, such as 'Start over'. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const Icon = severity === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <div role="alert" className={clsx(styles.alert, styles[severity])}>
      <Icon aria-hidden className={styles.alertIcon} />
      <div className={styles.alertMessage}>{children}</div>
      {action && <div className={styles.alertAction}>{action}</div>}
    </div>
  );
}
