import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commercePaths, type CartResponse, type Product } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { useProducts } from '../api/useProduct';
import { localCart } from './localCart';

const cartKey = ['cart'] as const;
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

/**
 * The cart: in local storage for a visitor, on the server (GET/PUT /api/cart) once signed in.
 * At sign-in the visitor's cards are merged into the account's cart and local storage is cleared.
 */
export function useCart(): Cart {
  const { isLoggedIn } = useAuth();
  const client = useQueryClient();
  const localIds = useSyncExternalStore(localCart.subscribe, localCart.get, () => []);

  const server = useQuery({
    queryKey: cartKey,
    queryFn: ({ signal }) => apiRequest<CartResponse>(commercePaths.cart, { signal }),
    enabled: isLoggedIn,
  });
  const save = useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<CartResponse>(commercePaths.cart, { method: 'PUT', body: { items: ids } }),
    onSuccess: (data) => client.setQueryData(cartKey, data),
  });

  const serverIds = server.data?.items.map((p) => p._id) ?? [];
  useEffect(() => {
    if (!isLoggedIn || !server.data || localIds.length === 0 || merging) return;
    const union = [...new Set([...server.data.items.map((p) => p._id), ...localIds])];
    merging = save
      .mutateAsync(union)
      .then(() => localCart.set([]))
      .finally(() => {
        merging = null;
      });
  }, [isLoggedIn, server.data, localIds, save]);

  const visitorProducts = useProducts(isLoggedIn ? [] : localIds);
  const ids = isLoggedIn ? serverIds : localIds;
  const items = isLoggedIn
    ? (server.data?.items ?? [])
    : visitorProducts.flatMap((q) => (q.data ? [q.data] : []));

  const write = (next: string[]) => {
    if (isLoggedIn) {
      client.setQueryData<CartResponse>(cartKey, (old) => ({
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
