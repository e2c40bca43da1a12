import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useNotificationEvents, useUnreadNotifications } from '@/lib/api/notifications';
import { paths } from '@/lib/paths';
import styles from './NotificationBell.module.css';

/** What the bell says to a screen reader, and its tooltip. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

/** Signed in: a link to the notifications with the unread count, kept live by the server. */
export function NotificationBell() {
  const { isLoggedIn } = useAuth();
  const unread = useUnreadNotifications({ enabled: isLoggedIn });
  useNotificationEvents(isLoggedIn);
  if (!isLoggedIn) return null;
  const count = unread.data?.unread ?? 0;
  const label = bellLabel(count);
  return (
    <Link
      to={paths.notifications.getHref()}
      className={styles.bell}
      aria-label={label}
      title={label}
    >
      <Bell aria-hidden size={20} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
