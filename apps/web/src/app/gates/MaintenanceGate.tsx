import { useDeferredValue, type ReactNode } from 'react';
import { useMaintenanceStatus } from '@/lib/api/maintenance';
import { StartScreen } from './StartScreen';
import { MaintenancePage } from './MaintenancePage';
import styles from './MaintenancePage.module.css';

/**
 * App start: a spinner until the first maintenance check answers; while maintenance is on only
 * the maintenance page shows, except to staff, who keep the site (with a notice) so they can end
 * it from the console.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const status = useMaintenanceStatus();
  // The site behind the gate mounts in a deferred, time-sliced render rather than in the one
  // synchronous render that follows the answer.
  const checking = useDeferredValue(status.isPending, true);
  if (checking) return <StartScreen />;
  const data = status.data?.data;
  if (data?.isEnabled && !data.staffAccess) return <MaintenancePage startedAt={data.startedAt} />;
  return (
    <>
      {data?.staffAccess && (
        <p role="status" className={styles.staffNotice}>
          Maintenance mode is on: collectors see the maintenance page and their changes are paused.
        </p>
      )}
      {children}
    </>
  );
}
