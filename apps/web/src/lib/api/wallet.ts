import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type LedgerKind, type TopUpBody, type WalletResponse } from '@grail/contract';
import { commerceEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

/**
 * One page of the ledger. The dashboard's first page, the checkout and the pack dialog all ask
 * for this same page, so one cached answer serves every place that shows the balance.
 */
export const WALLET_PAGE_SIZE = 10;

export interface WalletPage {
  page?: number;
  limit?: number;
  /** Only these kinds of movement; absent: every kind. */
  kinds?: readonly LedgerKind[];
}

/**
 * Keys of the signed-in collector's wallet. Every one starts with `walletKeys.all`: whatever
 * moves money (an order, a pack, a sell-back, a top-up) invalidates that, and every page refreshes.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  page: (page: number, limit: number, kinds?: readonly LedgerKind[]) =>
    [...walletKeys.all, 'page', page, limit, ...(kinds ? [kinds.join(',')] : [])] as const,
};

/** The balance (dollars) and one page of the ledger, newest first. */
export async function getWallet(
  { page = 1, limit = WALLET_PAGE_SIZE, kinds }: WalletPage = {},
  signal?: AbortSignal,
): Promise<WalletResponse> {
  const kind = kinds?.join(',');
  return callApi(commerceEndpoints.wallet, {
    query: { page, limit, ...(kind ? { kind } : {}) },
    signal,
  });
}

export const walletQueryOptions = ({
  page = 1,
  limit = WALLET_PAGE_SIZE,
  kinds,
}: WalletPage = {}) =>
  queryOptions({
    queryKey: walletKeys.page(page, limit, kinds),
    queryFn: ({ signal }) => getWallet({ page, limit, kinds }, signal),
  });

/**
 * The wallet of the signed-in collector: `data.balance` and `data.entries`. Pass `enabled: false`
 * while nobody is signed in; a page change keeps the previous page on screen until the next one.
 */
export function useWallet({ enabled = true, ...page }: WalletPage & { enabled?: boolean } = {}) {
  return useQuery({ ...walletQueryOptions(page), enabled, placeholderData: keepPreviousData });
}

/**
 * Starts a top-up and goes to the payment provider's checkout: the sandbox is a page of this
 * app (navigated to), Stripe another site (loaded). The wallet is credited when the payment is
 * confirmed, so nothing is invalidated here.
 */
export function useTopUp() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: TopUpBody) => callApi(commerceEndpoints.topUp, { body }),
    onSuccess: ({ checkoutUrl }) =>
      checkoutUrl.startsWith('/') ? navigate(checkoutUrl) : window.location.assign(checkoutUrl),
  });
}
