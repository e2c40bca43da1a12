import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartBody,
  CartResponse,
  OrderParams,
  OrderResponse,
  OrdersQuery,
  OrdersResponse,
  PlaceOrderBody,
} from '@grail/contract';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { requireIdempotencyKey } from '../idempotency/idempotency.service.js';
import { assertCanPurchase } from '../users/users.rules.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.post(
    '/api/orders',
    {
      preHandler: requireUser,
      schema: { body: PlaceOrderBody, response: { 201: OrderResponse }, tags },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertCanPurchase(user);
      const key = requireIdempotencyKey(request.headers['idempotency-key']);
      const result = await orders.place(user, request.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  app.get(
    '/api/orders',
    {
      preHandler: requireUser,
      schema: { querystring: OrdersQuery, response: { 200: OrdersResponse }, tags },
    },
    async (request) =>
      orders.list(currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: requireUser,
      schema: { params: OrderParams, response: { 200: OrderResponse }, tags },
    },
    async (request) => ({ order: await orders.get(currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/cart',
    { preHandler: requireUser, schema: { response: { 200: CartResponse }, tags } },
    async (request) => ({ items: await orders.cart(currentUser(request).id) }),
  );

  app.put(
    '/api/cart',
    {
      preHandler: requireUser,
      schema: { body: CartBody, response: { 200: CartResponse }, tags },
    },
    async (request) => ({
      items: await orders.setCart(currentUser(request).id, request.body.items),
    }),
  );
};
