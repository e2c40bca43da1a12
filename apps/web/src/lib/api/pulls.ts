import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Pull, type PullResponse, type ShippingAddress } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';
import { walletKeys } from './wallet';

/** Keys of the signed-in collector's pulls: the list, each pull, and the pull preferences. */
export const pullKeys = {
  all: ['pulls'] as const,
  list: () => [...pullKeys.all, 'list'] as const,
  detail: (id: string) => [...pullKeys.all, 'detail', id] as const,
  preferences: () => [...pullKeys.all, 'preferences'] as const,
};

/** The signed-in collector's pulls, newest first. */
export async function getMyPulls(signal?: AbortSignal): Promise<Pull[]> {
  return (await callApi(grailEndpoints.pulls, { signal })).pulls;
}

export async function getMyPull(id: string, signal?: AbortSignal): Promise<PullResponse> {
  return callApi(grailEndpoints.pull, { params: { id }, signal });
}

export const myPullsQueryOptions = () =>
  queryOptions({ queryKey: pullKeys.list(), queryFn: ({ signal }) => getMyPulls(signal) });

export const myPullQueryOptions = (id: string) =>
  queryOptions({ queryKey: pullKeys.detail(id), queryFn: ({ signal }) => getMyPull(id, signal) });

export function useMyPulls() {
  return useQuery(myPullsQueryOptions());
}

/** One pull; idle until there is an id (the reveal page reads it from the address). */
export function useMyPull(id: string | null) {
  return useQuery({ ...myPullQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** A pull to claim: its id, shipped to the profile's address, or with the address for this one. */
export type ClaimRequest = string | { id: string; shippingAddress?: ShippingAddress };
export const claimId = (request: ClaimRequest) =>
  typeof request === 'string' ? request : request.id;

/**
 * Claim & Ship (to the profile's address or the one given) or sell back one pull, by id. Either answers the
 * updated pull, which replaces the cached one; the list is refreshed after either, and the wallet
 * after a sell-back, which credits it.
 */
export function usePullActions() {
  const queryClient = useQueryClient();
  const store = (pull: Pull) => queryClient.setQueryData(pullKeys.detail(pull._id), { pull });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: pullKeys.list() });
  const claim = useMutation({
    mutationFn: (request: ClaimRequest) =>
      callApi(grailEndpoints.claim, {
        params: { id: claimId(request) },
        body: typeof request === 'string' ? {} : { shippingAddress: request.shippingAddress },
      }),
    onSuccess: ({ pull }) => store(pull),
    // Shipping is charged from the wallet (the fee schedule).
    onSettled: () => {
      void refreshList();
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  const sellBack = useMutation({
    mutationFn: (id: string) => callApi(grailEndpoints.sellBack, { params: { id } }),
    onSuccess: ({ pull }) => store(pull),
    onSettled: () => {
      void refreshList();
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  return { claim, sellBack };
}
