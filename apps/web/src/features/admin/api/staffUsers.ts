import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StaffUserDetail,
  type StaffUserRole,
  type WalletAdjustmentBody,
} from '@grail/contract';
import { staffUserEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

const userKeys = {
  all: ['admin', 'users'] as const,
  search: (q: string, page: number) => [...userKeys.all, 'search', q, page] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};

export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: userKeys.search(q, page),
    queryFn: ({ signal }) => callApi(staffUserEndpoints.adminUsers, { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffUser(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => callApi(staffUserEndpoints.adminUser, { params: { userId }, signal }),
  });
}

/** Each command answers the account as it now is; that answer replaces the cached one. */
function useUserCommand<T>(userId: string, run: (input: T) => Promise<StaffUserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      queryClient.setQueryData(userKeys.detail(userId), detail);
      void queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'search'] });
    },
  });
}

/** `idempotencyKey`: one per adjustment the staff member means, so a resend credits once. */
export const useAdjustWallet = (userId: string) =>
  useUserCommand(userId, (input: { body: WalletAdjustmentBody; idempotencyKey: string }) =>
    callApi(staffUserEndpoints.adminAdjustWallet, { params: { userId }, ...input }),
  );

export const useSetDisabled = (userId: string) =>
  useUserCommand(userId, (disabled: boolean) =>
    callApi(staffUserEndpoints.adminSetAccountStatus, { params: { userId }, body: { disabled } }),
  );

export const useSetRole = (userId: string) =>
  useUserCommand(userId, (role: StaffUserRole) =>
    callApi(staffUserEndpoints.adminSetRole, { params: { userId }, body: { role } }),
  );
