import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointUrl,
  UnreadResponse,
  type NotificationsResponse,
  type SetNotificationPreferencesBody,
} from '@grail/contract';
import { notificationEndpoints } from './endpoints';
import { callApi } from './callApi';

/** Keys of the collector's notifications: every one starts with `notificationKeys.all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The bell's count. */
export function useUnreadNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => callApi(notificationEndpoints.unreadNotifications, { signal }),
    enabled,
  });
}

/**
 * The unread count, live: the server pushes it whenever it changes on any instance. A new count
 * also means the list changed, so the list is read again.
 */
export function useNotificationEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(notificationEndpoints.notificationEvents));
    source.addEventListener('unread', (message) => {
      let parsed: ReturnType<typeof UnreadResponse.safeParse>;
      try {
        parsed = UnreadResponse.safeParse(JSON.parse((message as MessageEvent<string>).data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const before = queryClient.getQueryData<{ unread: number }>(notificationKeys.unread());
      queryClient.setQueryData(notificationKeys.unread(), parsed.data);
      if (before?.unread !== parsed.data.unread)
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}

/** The notifications a page at a time, what needs an answer first, then newest first. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      callApi(notificationEndpoints.notifications, {
        query: { limit: NOTIFICATIONS_PAGE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: NotificationsResponse) => last.nextOffset ?? undefined,
  });
}

const NOTIFICATIONS_PAGE = 20;

function useAfterRead() {
  const queryClient = useQueryClient();
  return (answer: { unread: number }) => {
    queryClient.setQueryData(notificationKeys.unread(), answer);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  };
}

export function useMarkNotificationRead() {
  const afterRead = useAfterRead();
  return useMutation({
    mutationFn: (id: string) => callApi(notificationEndpoints.readNotification, { params: { id } }),
    onSuccess: afterRead,
  });
}

export function useMarkAllNotificationsRead() {
  const afterRead = useAfterRead();
  return useMutation({
    mutationFn: () => callApi(notificationEndpoints.readAllNotifications),
    onSuccess: afterRead,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => callApi(notificationEndpoints.notificationPreferences, { signal }),
  });
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNotificationPreferencesBody) =>
      callApi(notificationEndpoints.setNotificationPreferences, { body }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences(), answer),
  });
}
