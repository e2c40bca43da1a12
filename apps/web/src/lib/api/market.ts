import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditListingBody, NewListingBody, OfferSide } from '@grail/contract';
import { marketEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';
import { walletKeys } from './wallet';

/*
 * The marketplace as the collector's own pages use it (the vault's Selling and Offers tabs, the
 * listing page's owner actions): their listings, their offers, and the commands on them. The
 * market feature's public reads (search, one listing, Buy now) live in features/market/api.
 */

/** Keys of the marketplace: every one starts with `marketKeys.all`. */
export const marketKeys = {
  all: ['market'] as const,
  search: (query: Record<string, string>) => [...marketKeys.all, 'search', query] as const,
  listing: (id: string) => [...marketKeys.all, 'listing', id] as const,
  selling: () => [...marketKeys.all, 'selling'] as const,
  offers: (role?: OfferSide) => [...marketKeys.all, 'offers', role ?? 'both'] as const,
  comps: (cardId: string) => [...marketKeys.all, 'comps', cardId] as const,
};

/** The vault's keys (features/vault/api/holdings.ts): a listing moves a card in or out of it. */
const VAULT_KEY = ['vault'] as const;

/** After any market command: listings, offers, the vault's cards and the wallet are read again. */
export function useRefreshMarket() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: marketKeys.all }),
      queryClient.invalidateQueries({ queryKey: VAULT_KEY }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    ]);
}

/** The caller's listings, newest first, with their open offers and what each would pay them. */
export function useSelling({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketKeys.selling(),
    queryFn: ({ signal }) => callApi(marketEndpoints.selling, { signal }),
    enabled,
  });
}

/** A card's sales history and FMV (the vault's price history), once `enabled`. */
export function useCardComps(cardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketKeys.comps(cardId),
    queryFn: ({ signal }) => callApi(marketEndpoints.cardComps, { params: { cardId }, signal }),
    enabled,
  });
}

/** Open offers the caller made and received, the ones waiting for them first. */
export function useMyOffers() {
  return useQuery({
    queryKey: marketKeys.offers(),
    queryFn: ({ signal }) =>
      callApi(marketEndpoints.offers, { query: { status: 'open', limit: 100 }, signal }),
  });
}

export function useCreateListing() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (body: NewListingBody) => callApi(marketEndpoints.createListing, { body }),
    onSuccess: refresh,
  });
}

export function useEditListing() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ listingId, body }: { listingId: string; body: EditListingBody }) =>
      callApi(marketEndpoints.editListing, { params: { listingId }, body }),
    onSuccess: refresh,
  });
}

export function useCancelListing() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (listingId: string) =>
      callApi(marketEndpoints.cancelListing, { params: { listingId } }),
    onSettled: refresh,
  });
}

/** Accepts the amount on the table, named as the caller saw it; settles at once. */
export function useAcceptOffer() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({
      offerId,
      amount,
      idempotencyKey,
    }: {
      offerId: string;
      amount: number;
      idempotencyKey: string;
    }) =>
      callApi(marketEndpoints.acceptOffer, {
        params: { offerId },
        body: { amount },
        idempotencyKey,
      }),
    onSettled: refresh,
  });
}

export function useCounterOffer() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ offerId, amount }: { offerId: string; amount: number }) =>
      callApi(marketEndpoints.counterOffer, { params: { offerId }, body: { amount } }),
    onSettled: refresh,
  });
}

export function useDeclineOffer() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (offerId: string) => callApi(marketEndpoints.declineOffer, { params: { offerId } }),
    onSettled: refresh,
  });
}

export function useWithdrawOffer() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (offerId: string) =>
      callApi(marketEndpoints.withdrawOffer, { params: { offerId } }),
    onSettled: refresh,
  });
}
