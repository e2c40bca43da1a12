import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CartResponse, type Product } from '@grail/contract';
import { commerceEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { useAuth } from '@/lib/auth';
import { useProducts } from '../api/useProduct';
import { localCart } from './localCart';
import { notify } from '@/lib/toast';

/** The signed-in collector's cart (a visitor's lives in local storage, not in the query cache). */
export const cartKeys = {
  all: ['cart'] as const,
};
let merging: Promise<unknown> | null = null;

export interface Cart {
  /** Cards in the cart with their current state; a sold one has status 'sold'. */
  items: Product[];
  ids: string[];
  count: number;
  isLoading: boolean;
  has(id: string): boolean;
  add(id: string): void;
  remove(id: string): void;
  /** Drops cards (after they were bought). */
  removeMany(ids: string[]): void;
}

/** What a collector reads when cards of their visitor cart were sold before they signed in. */
export function soldMeanwhileMessage(names: string[]): string {
  return names.length === 1
    ? `${names[0]} was sold while you were away, so it is no longer in your cart.`
    : `These cards were sold while you were away and are no longer in your cart: ${names.join(', ')}.`;
}

/**
 * The cart: in local storage for a visitor, on the server once signed in.
 * At sign-in the visitor's cards are merged into the account's cart and local storage is cleared.
 */
export function useCart(): Cart {
  const { isLoggedIn } = useAuth();
  const client = useQueryClient();
  const localIds = useSyncExternalStore(localCart.subscribe, localCart.get, () => []);

  const server = useQuery({
    queryKey: cartKeys.all,
    queryFn: ({ signal }) => callApi(commerceEndpoints.cart, { signal }),
    enabled: isLoggedIn,
  });
  const save = useMutation({
    mutationFn: (ids: string[]) => callApi(commerceEndpoints.setCart, { body: { items: ids } }),
    onSuccess: (data) => client.setQueryData(cartKeys.all, data),
  });

  const serverIds = server.data?.items.map((p) => p._id) ?? [];
  useEffect(() => {
    if (!isLoggedIn || !server.data || localIds.length === 0 || merging) return;
    // The server adds the visitor's cards once each and names those sold in the meantime.
    merging = callApi(commerceEndpoints.mergeCart, { body: { items: localIds } })
      .then(({ items, dropped }) => {
        client.setQueryData<CartResponse>(cartKeys.all, { items });
        localCart.set([]);
        if (dropped.length) notify.warning(soldMeanwhileMessage(dropped.map((d) => d.name)));
      })
      .catch(() => undefined)
      .finally(() => {
        merging = null;
      });
  }, [isLoggedIn, server.data, localIds, client]);

  const visitorProducts = useProducts(isLoggedIn ? [] : localIds);
  const ids = isLoggedIn ? serverIds : localIds;
  const items = isLoggedIn
    ? (server.data?.items ?? [])
    : visitorProducts.flatMap((q) => (q.data ? [q.data] : []));

  const write = (next: string[]) => {
    if (isLoggedIn) {
      client.setQueryData<CartResponse>(cartKeys.all, (old) => ({
        items: (old?.items ?? []).filter((p) => next.includes(p._id)),
      }));
      save.mutate(next);
    } else localCart.set(next);
  };

  return {
    items,
    ids,
    count: ids.length,
    isLoading: isLoggedIn ? server.isPending : visitorProducts.some((q) => q.isPending),
    has: (id) => ids.includes(id),
    add: (id) => {
      if (!ids.includes(id)) write([...ids, id]);
    },
    remove: (id) => write(ids.filter((x) => x !== id)),
    removeMany: (gone) => write(ids.filter((x) => !gone.includes(x))),
  };
}
