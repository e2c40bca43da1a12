import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commerceEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { walletKeys } from '@/lib/api/wallet';

const sandboxKeys = {
  checkout: (checkoutId: string) => ['sandbox-checkout', checkoutId] as const,
};

/** The amount and state of a test-mode payment. */
export function useSandboxCheckout(checkoutId: string) {
  return useQuery({
    queryKey: sandboxKeys.checkout(checkoutId),
    queryFn: ({ signal }) =>
      callApi(commerceEndpoints.sandboxCheckout, { params: { checkoutId }, signal }),
    retry: false,
  });
}

/** Pays the test-mode checkout, which credits the wallet. */
export function useConfirmSandbox(checkoutId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(commerceEndpoints.sandboxConfirm, { params: { checkoutId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useCancelSandbox(checkoutId: string) {
  return useMutation({
    mutationFn: () => callApi(commerceEndpoints.sandboxCancel, { params: { checkoutId } }),
  });
}
