import { useEffect } from 'react';
import { Construction } from 'lucide-react';
import { CenteredPanel } from '@/components/CenteredPanel';
import { MAINTENANCE_PAGE_POLL_MS } from '@grail/contract';
import styles from './MaintenancePage.module.css';
import { dateTimeFormat } from '@/lib/format';

/**
 * The maintenance page: the only screen while maintenance is on. Every 5 minutes it sends
 * HEAD / and goes to / once the site answers.
 */
export function MaintenancePage({ startedAt }: { startedAt: string | null }) {
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch('/', { method: 'HEAD', cache: 'no-store' });
        if (response.ok) window.location.assign('/');
      } catch {
        // Still unreachable: try again at the next tick.
      }
    }, MAINTENANCE_PAGE_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <main className={styles.page}>
      <CenteredPanel icon={<Construction size={64} aria-hidden />} title="Under Maintenance">
        <p>
          We are polishing the slabs and restocking the case. The Grail Machine will be back
          shortly; this page reloads by itself when we are done.
        </p>
        {startedAt && (
          <p data-testid="maintenance-started" className={styles.started}>
            Maintenance started{' '}
            <time dateTime={startedAt}>{dateTimeFormat.format(new Date(startedAt))}</time>
          </p>
        )}
      </CenteredPanel>
    </main>
  );
}
