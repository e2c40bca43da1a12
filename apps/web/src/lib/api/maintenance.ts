import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_STATUS_POLL_MS } from '@grail/contract';
import { platformEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

export const maintenanceKeys = { status: () => ['maintenance-status'] as const };

/**
 * Whether maintenance is on, polled every 120 s while the tab is visible (TanStack Query pauses
 * the poll in a hidden tab and checks again when it comes back).
 */
export const maintenanceStatusQuery = queryOptions({
  queryKey: maintenanceKeys.status(),
  queryFn: ({ signal }) => callApi(platformEndpoints.maintenanceStatus, { signal }),
  refetchInterval: MAINTENANCE_STATUS_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  retry: false,
});

export const useMaintenanceStatus = () => useQuery(maintenanceStatusQuery);

/** Staff switch maintenance on or off for every instance. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isEnabled: boolean) =>
      callApi(platformEndpoints.adminSetMaintenance, { body: { isEnabled } }),
    onSuccess: (answer) => queryClient.setQueryData(maintenanceKeys.status(), answer),
  });
}
