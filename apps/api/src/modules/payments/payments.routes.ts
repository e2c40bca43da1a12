import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutIdParams,
  SandboxCheckout,
  SandboxConfirmResponse,
  TopUpBody,
  TopUpResponse,
} from '@grail/contract';
import { AppError, notFound } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { assertCanPurchase } from '../users/users.rules.js';
import { StripeProvider } from './payment-providers.js';
import type { PaymentsService } from './payments.service.js';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  publicUrl?: string;
}> = async (app, { payments, publicUrl }) => {
  app.post(
    '/api/wallet/top-ups',
    {
      preHandler: requireUser,
      schema: { body: TopUpBody, response: { 201: TopUpResponse }, tags },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertCanPurchase(user);
      const origin = publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
      const started = await payments.startTopUp(user, request.body.amount, {
        origin,
        returnPath: request.body.returnPath,
      });
      return reply.status(201).send(started);
    },
  );

  app.get(
    '/api/payments/sandbox/:checkoutId',
    {
      preHandler: requireUser,
      schema: { params: CheckoutIdParams, response: { 200: SandboxCheckout }, tags },
    },
    async (request) => payments.sandboxCheckout(currentUser(request).id, request.params.checkoutId),
  );

  app.post(
    '/api/payments/sandbox/:checkoutId/confirm',
    {
      preHandler: requireUser,
      schema: { params: CheckoutIdParams, response: { 200: SandboxConfirmResponse }, tags },
    },
    async (request) => payments.confirmSandbox(currentUser(request).id, request.params.checkoutId),
  );

  app.post(
    '/api/payments/sandbox/:checkoutId/cancel',
    { preHandler: requireUser, schema: { params: CheckoutIdParams, tags } },
    async (request, reply) => {
      await payments.cancelSandbox(currentUser(request).id, request.params.checkoutId);
      return reply.status(204).send();
    },
  );

  // The webhook verifies Stripe's signature over the exact bytes sent, so this scope keeps JSON raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post('/api/payments/stripe/webhook', { schema: { tags } }, async (request) => {
      const provider = payments.provider;
      if (!(provider instanceof StripeProvider)) throw notFound('Stripe is not configured');
      let event;
      try {
        event = provider.verifyEvent(
          String(request.body ?? ''),
          request.headers['stripe-signature'],
        );
      } catch {
        throw new AppError(400, 'Invalid Stripe signature.', 'Bad Request');
      }
      const { duplicate } = await payments.handleStripeEvent(event);
      return { received: true, duplicate };
    });
  });
};
