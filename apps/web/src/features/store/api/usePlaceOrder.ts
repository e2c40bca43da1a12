import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlaceOrderBody } from '@grail/contract';
import { commerceEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { orderKeys } from '@/lib/api/orders';
import { productKeys } from '@/lib/api/products';
import { walletKeys } from '@/lib/api/wallet';
import { cartKeys } from '../cart/useCart';

/**
 * Places an order with the caller's Idempotency-Key: a retried submit returns the first order.
 * The order debits the wallet, sells its cards and empties them from the cart, so all of those
 * are read again.
 */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      callApi(commerceEndpoints.placeOrder, { body, idempotencyKey: key }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: walletKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
      void client.invalidateQueries({ queryKey: productKeys.all });
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
