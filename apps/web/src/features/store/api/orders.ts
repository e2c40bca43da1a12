import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commercePaths, type OrderResponse, type PlaceOrderBody } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** POST /api/orders with an Idempotency-Key: a retried submit returns the first order. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      apiRequest<OrderResponse>(commercePaths.orders, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['wallet'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['products'] });
      void client.invalidateQueries({ queryKey: ['cart'] });
    },
  });
}

/** GET /api/orders/{id}. */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) => apiRequest<OrderResponse>(commercePaths.order(id!), { signal }),
    enabled: Boolean(id),
  });
}
