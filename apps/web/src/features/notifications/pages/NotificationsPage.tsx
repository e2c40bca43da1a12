import clsx from 'clsx';
import type { Notification } from '@grail/contract';
import { DashboardNav } from '@/components/DashboardNav';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Alert, Button, Skeleton } from '@/components/ui';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '@/lib/api/notifications';
import ui from '@/lib/styles/ui.module.css';
import { NotificationItem } from '../components/NotificationItem';
import styles from './NotificationsPage.module.css';

/** The day a notification belongs to, in the reader's words. */
function dayOf(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const start = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((start(now) - start(d)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return d.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
}

/** Notifications in order, grouped by their day. */
export function byDay(list: Notification[]): Array<{ day: string; items: Notification[] }> {
  const groups: Array<{ day: string; items: Notification[] }> = [];
  for (const n of list) {
    const day = dayOf(n.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(n);
    else groups.push({ day, items: [n] });
  }
  return groups;
}

/** /dashboard/notifications: what needs an answer first, then everything else by day. */
export default function NotificationsPage() {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const all = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const pinned = all.filter((n) => n.needsAnswer);
  const rest = all.filter((n) => !n.needsAnswer);
  const item = (n: Notification) => (
    <NotificationItem
      key={n._id}
      notification={n}
      onRead={(id) => markRead.mutate(id)}
      reading={markRead.isPending && markRead.variables === n._id}
    />
  );

  return (
    <div className={styles.page}>
      <title>Notifications | Grail Machine</title>
      <div className={styles.header}>
        <h1 className={styles.title}>Notifications</h1>
        <Button
          variant="outlined"
          size="small"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </div>
      <DashboardNav current="notifications" />
      {(markRead.error ?? markAll.error) && (
        <Alert severity="error">{(markRead.error ?? markAll.error)!.message}</Alert>
      )}
      {list.isError && !list.data ? (
        <LoadFailed onRetry={() => void list.refetch()}>
          Could not load your notifications.
        </LoadFailed>
      ) : !list.data ? (
        <div className={ui.stackList} aria-busy="true" data-testid="notifications-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </div>
      ) : all.length === 0 ? (
        <div className={clsx(ui.paper, styles.empty)} data-testid="notifications-empty">
          <h2 className={ui.h6}>Nothing yet</h2>
          <p className={ui.secondaryText}>
            Pulls, orders, shipments, offers and anything that needs your answer appear here.
          </p>
        </div>
      ) : (
        <>
          {pinned.length > 0 && (
            <section aria-labelledby="needs-answer" className={styles.group}>
              <h2 id="needs-answer" className={styles.day}>
                Needs your answer
              </h2>
              <ul className={clsx(ui.paper, styles.list)}>{pinned.map(item)}</ul>
            </section>
          )}
          {byDay(rest).map((group) => (
            <section key={group.day} aria-label={group.day} className={styles.group}>
              <h2 className={styles.day}>{group.day}</h2>
              <ul className={clsx(ui.paper, styles.list)}>{group.items.map(item)}</ul>
            </section>
          ))}
          {list.hasNextPage && (
            <Button
              variant="outlined"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              className={styles.more}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </div>
  );
}
