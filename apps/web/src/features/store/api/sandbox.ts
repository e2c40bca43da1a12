import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commercePaths, type SandboxCheckout } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** GET /api/payments/sandbox/{checkoutId}: the amount and state of a test-mode payment. */
export function useSandboxCheckout(checkoutId: string) {
  return useQuery({
    queryKey: ['sandbox-checkout', checkoutId],
    queryFn: ({ signal }) =>
      apiRequest<SandboxCheckout>(commercePaths.sandboxCheckout(checkoutId), { signal }),
    retry: false,
  });
}

export function useConfirmSandbox(checkoutId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ balance: number }>(commercePaths.sandboxConfirm(checkoutId), {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

export function useCancelSandbox(checkoutId: string) {
  return useMutation({
    mutationFn: () => apiRequest<null>(commercePaths.sandboxCancel(checkoutId), { method: 'POST' }),
  });
}
