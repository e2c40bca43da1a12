import { Alert, Skeleton, Switch } from '@/components/ui';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useNotificationPreferences, useSetNotificationPreferences } from '@/lib/api/notifications';
import ui from '@/lib/styles/ui.module.css';
import styles from './NotificationSettings.module.css';

/** E-mail per category; security and receipts are always sent, so their switches stay on. */
export function NotificationSettings() {
  const prefs = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  if (prefs.isError && !prefs.data)
    return (
      <LoadFailed onRetry={() => void prefs.refetch()}>
        Could not load your notification settings.
      </LoadFailed>
    );
  if (!prefs.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <div className={styles.stack}>
      <p className={styles.secondary}>
        Everything appears under the bell. Choose what we also send you by e-mail.
      </p>
      {save.error && <Alert severity="error">{save.error.message}</Alert>}
      <ul className={ui.stackList}>
        {prefs.data.preferences.map((p) => (
          <li key={p.category} className={styles.row}>
            <Switch
              label={p.label}
              checked={p.email}
              disabled={p.locked || save.isPending}
              onCheckedChange={(email) => save.mutate({ email: { [p.category]: email } })}
            />
            {p.locked && <span className={styles.secondary}>Always sent</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
