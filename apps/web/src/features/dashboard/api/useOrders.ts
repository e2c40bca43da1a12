import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commercePaths, type OrdersResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** GET /api/orders: the signed-in collector's store orders, newest first. */
export function useOrders(page: number, limit = 10) {
  return useQuery({
    queryKey: ['orders', 'mine', page, limit],
    queryFn: ({ signal }) =>
      apiRequest<OrdersResponse>(`${commercePaths.orders}?page=${page}&limit=${limit}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
