import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

export type OutboxFilter = 'dead' | 'pending';

const outboxKeys = {
  all: ['admin', 'outbox'] as const,
  list: (status: OutboxFilter) => [...outboxKeys.all, status] as const,
};

/** E-mails and webhooks not delivered yet (pending) or given up on (dead), newest first. */
export function useOutbox(status: OutboxFilter) {
  return useQuery({
    queryKey: outboxKeys.list(status),
    queryFn: async ({ signal }) =>
      (await callApi(outboxEndpoints.adminOutbox, { query: { status }, signal })).messages,
  });
}

/** Sends a dead message again (audited on the server). */
export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(outboxEndpoints.adminRetryOutbox, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
