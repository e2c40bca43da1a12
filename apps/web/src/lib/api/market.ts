import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CounterTradeBody,
  EditListingBody,
  NewListingBody,
  NewTradeBody,
  OfferSide,
} from '@grail/contract';
import { marketEndpoints, vaultEndpoints } from '@/lib/api/endpoints';
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
  trades: () => [...marketKeys.all, 'trades'] as const,
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

/** The caller's trades, proposed and received, the ones waiting for their answer first. */
export function useMyTrades() {
  return useQuery({
    queryKey: marketKeys.trades(),
    queryFn: ({ signal }) => callApi(marketEndpoints.trades, { query: { limit: 100 }, signal }),
  });
}

/**
 * The caller's cards that a trade may give: the ones in the vault (not listed, shipping or in
 * another trade). Under the vault's key, so any market command reads them again.
 */
export function useTradeableCards({ enabled = true }: { enabled?: boolean } = {}) {
  const query = { state: 'in_vault', sort: 'name', limit: 100 } as const;
  return useQuery({
    queryKey: [...VAULT_KEY, 'list', query],
    queryFn: ({ signal }) => callApi(vaultEndpoints.vault, { query, signal }),
    enabled,
  });
}

/** Proposes a trade: the caller's cards go in_trade and their cash is held. One key per dialog. */
export function useProposeTrade() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: NewTradeBody; idempotencyKey: string }) =>
      callApi(marketEndpoints.proposeTrade, { body, idempotencyKey }),
    onSuccess: refresh,
  });
}

/** Accepts a trade proposed to the caller: everything swaps at once. */
export function useAcceptTrade() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ tradeId, idempotencyKey }: { tradeId: string; idempotencyKey: string }) =>
      callApi(marketEndpoints.acceptTrade, { params: { tradeId }, body: {}, idempotencyKey }),
    onSettled: refresh,
  });
}

/** Answers a trade with the caller's own terms (they give, they get). */
export function useCounterTrade() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ tradeId, body }: { tradeId: string; body: CounterTradeBody }) =>
      callApi(marketEndpoints.counterTrade, { params: { tradeId }, body }),
    onSettled: refresh,
  });
}

export function useDeclineTrade() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (tradeId: string) =>
      callApi(marketEndpoints.declineTrade, { params: { tradeId }, body: {} }),
    onSettled: refresh,
  });
}

export function useWithdrawTrade() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (tradeId: string) =>
      callApi(marketEndpoints.withdrawTrade, { params: { tradeId }, body: {} }),
    onSettled: refresh,
  });
}
