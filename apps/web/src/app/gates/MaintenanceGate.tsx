import { useDeferredValue, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAINTENANCE_STATUS_POLL_MS, platformEndpoints } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';
import { LoadingScreen } from '@/components/LoadingScreen';
import { MaintenancePage } from './MaintenancePage';

/**
 * SPEC §4 app start: a spinner until the first maintenance check answers; while maintenance is
 * on only the maintenance page shows. The status is polled every 120 s; TanStack Query pauses the
 * poll while the tab is hidden and checks again when it becomes visible.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const status = useQuery({
    queryKey: ['maintenance-status'],
    queryFn: ({ signal }) => callApi(platformEndpoints.maintenanceStatus, { signal }),
    refetchInterval: MAINTENANCE_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
  // The site behind the gate mounts in a deferred, time-sliced render rather than in the one
  // synchronous render that follows the answer.
  const checking = useDeferredValue(status.isPending, true);
  if (checking) return <LoadingScreen text="Loading..." fullScreen />;
  if (status.data?.data.isEnabled) {
    return <MaintenancePage startedAt={status.data.data.startedAt} />;
  }
  return <>{children}</>;
}
