import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayWithdrawalBody, RejectWithdrawalBody, WithdrawalStatus } from '@grail/contract';
import { withdrawalEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

export const WITHDRAWALS_PAGE_SIZE = 20;

const withdrawalKeys = {
  all: ['admin', 'withdrawals'] as const,
  queue: (status: WithdrawalStatus, page: number) => [...withdrawalKeys.all, status, page] as const,
};

/** One page of the queue: pending oldest first, paid or rejected newest first. */
export function useWithdrawalQueue(status: WithdrawalStatus, page: number) {
  return useQuery({
    queryKey: withdrawalKeys.queue(status, page),
    queryFn: ({ signal }) =>
      callApi(withdrawalEndpoints.adminWithdrawals, {
        query: { status, page, limit: WITHDRAWALS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The full payout details (each look is in the audit log). */
export function useWithdrawalPayoutDetails() {
  return useMutation({
    mutationFn: (withdrawalId: string) =>
      callApi(withdrawalEndpoints.adminWithdrawalPayoutDetails, { params: { withdrawalId } }),
  });
}

function useDecision<Body>(decide: (withdrawalId: string, body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ withdrawalId, body }: { withdrawalId: string; body: Body }) =>
      decide(withdrawalId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}

export const usePayWithdrawal = () =>
  useDecision((withdrawalId, body: PayWithdrawalBody) =>
    callApi(withdrawalEndpoints.adminPayWithdrawal, { params: { withdrawalId }, body }),
  );

export const useRejectWithdrawal = () =>
  useDecision((withdrawalId, body: RejectWithdrawalBody) =>
    callApi(withdrawalEndpoints.adminRejectWithdrawal, { params: { withdrawalId }, body }),
  );
