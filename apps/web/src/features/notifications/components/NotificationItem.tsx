import clsx from 'clsx';
import { Link } from 'react-router';
import type { Notification } from '@grail/contract';
import { Button } from '@/components/ui';
import styles from './NotificationItem.module.css';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** One notification: its title opens what it is about (and marks it read). */
export function NotificationItem({
  notification: n,
  onRead,
  reading,
}: {
  notification: Notification;
  onRead: (id: string) => void;
  reading: boolean;
}) {
  return (
    <li className={clsx(styles.item, !n.read && styles.unread)} data-testid="notification">
      <div className={styles.text}>
        <Link to={n.link} className={styles.title} onClick={() => !n.read && onRead(n._id)}>
          {n.title}
        </Link>
        <p className={styles.body}>{n.body}</p>
        <p className={styles.meta}>
          <time dateTime={n.createdAt}>{time(n.createdAt)}</time>
          {n.needsAnswer && <span className={styles.answer}>Needs your answer</span>}
          {!n.read && <span className={styles.srOnly}>Unread</span>}
        </p>
      </div>
      {!n.read && (
        <Button size="small" disabled={reading} onClick={() => onRead(n._id)}>
          Mark read
        </Button>
      )}
    </li>
  );
}
