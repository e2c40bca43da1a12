import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderResponse, type OrdersResponse } from '@grail/contract';
import { commerceEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

/** Keys of the signed-in collector's store orders; a new order invalidates `orderKeys.all`. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (page: number, limit: number) => [...orderKeys.all, 'list', page, limit] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const ORDERS_PAGE_SIZE = 10;

/** One page of the collector's orders, newest first. */
export async function getMyOrders(
  page = 1,
  limit = ORDERS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<OrdersResponse> {
  return callApi(commerceEndpoints.orders, { query: { page, limit }, signal });
}

export async function getOrder(id: string, signal?: AbortSignal): Promise<OrderResponse> {
  return callApi(commerceEndpoints.order, { params: { id }, signal });
}

export const myOrdersQueryOptions = (page = 1, limit = ORDERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: orderKeys.list(page, limit),
    queryFn: ({ signal }) => getMyOrders(page, limit, signal),
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** The dashboard's order history; a page change keeps the previous page until the next one. */
export function useMyOrders(page = 1, limit = ORDERS_PAGE_SIZE) {
  return useQuery({ ...myOrdersQueryOptions(page, limit), placeholderData: keepPreviousData });
}

/** One order; idle until there is an id (the success page reads it from the address). */
export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: Boolean(id) });
}
