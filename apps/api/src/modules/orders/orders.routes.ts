import type { FastifyInstance } from 'fastify';
import { commerceEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrdersService },
): Promise<void> {
  route(app, api.placeOrder, async ({ user, body, idempotencyKey }) =>
    orders.place(user, body, idempotencyKey),
  );

  route(app, api.orders, async ({ user, query }) => orders.list(user.id, query.page, query.limit));

  route(app, api.order, async ({ user, params }) => ({ order: await orders.get(user, params.id) }));

  route(app, api.cart, async ({ user }) => ({ items: await orders.cart(user.id) }));

  route(app, api.setCart, async ({ user, body }) => ({
    items: await orders.setCart(user.id, body.items),
  }));

  route(app, api.mergeCart, async ({ user, body }) => orders.mergeCart(user.id, body.items));
}
