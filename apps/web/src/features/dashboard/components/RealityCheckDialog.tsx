import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dialog, Skeleton } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { getPlaySession, useStartTimeOut } from '../api/limits';
import styles from './RealityCheckDialog.module.css';

/** "1 hour 5 minutes": the time spent this session. */
function duration(ms: number): string {
  const total = Math.max(1, Math.round(ms / 60_000));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(minutes, 'minute');
  return minutes === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(minutes, 'minute')}`;
}

/** The reminder itself: time spent, net spent this session, and the two ways on. */
export function RealityCheckDialog({
  startedAt,
  onAnswered,
}: {
  startedAt: number;
  onAnswered: () => void;
}) {
  const since = new Date(startedAt).toISOString();
  const session = useQuery({
    queryKey: ['limits', 'session', since],
    queryFn: () => getPlaySession(since),
    staleTime: 0,
    gcTime: 0,
  });
  const stop = useStartTimeOut();
  const stopForToday = () =>
    stop.mutate('24h', {
      onSuccess: () => {
        notify.info('Your 24-hour time-out has started. See you tomorrow.');
        onAnswered();
      },
    });

  // Closing the reminder (Escape, the close button) is an answer too: keep going.
  return (
    <Dialog
      open
      focusPanel
      onOpenChange={(open) => {
        if (!open) onAnswered();
      }}
      title="Reality check"
      description={
        <>
          You have been here for <strong>{duration(Date.now() - startedAt)}</strong>.
        </>
      }
      actions={
        <>
          <Button onClick={stopForToday} disabled={stop.isPending}>
            Stop for today
          </Button>
          <Button variant="contained" onClick={onAnswered}>
            Keep going
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        {session.data && (
          <p data-testid="reality-check-net" className={styles.net}>
            This session you spent <strong>{formatUsd(session.data.net)}</strong> net:{' '}
            {formatUsd(session.data.bought)} on packs and break spots, less{' '}
            {formatUsd(session.data.soldBack)} from sell-backs.
          </p>
        )}
        {session.isPending && <Skeleton width="80%" />}
        {session.isError && <Alert severity="error">Could not load what you spent.</Alert>}
        {stop.error && <Alert severity="error">{stop.error.message}</Alert>}
      </div>
    </Dialog>
  );
}
