import type { FastifyInstance } from 'fastify';
import { commerceEndpoints as api } from '@grail/contract';
import { AppError, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { StripeProvider } from './payment-providers.js';
import type { PaymentsService } from './payments.service.js';

export async function paymentsRoutes(
  app: FastifyInstance,
  { payments }: { payments: PaymentsService },
): Promise<void> {
  route(app, api.topUp, async ({ user, body }) =>
    payments.startTopUp(user, body.amount, body.returnPath),
  );

  route(app, api.sandboxCheckout, async ({ user, params }) =>
    payments.sandboxCheckout(user.id, params.checkoutId),
  );

  route(app, api.sandboxConfirm, async ({ user, params }) =>
    payments.confirmSandbox(user.id, params.checkoutId),
  );

  route(app, api.sandboxCancel, async ({ user, params }) => {
    await payments.cancelSandbox(user.id, params.checkoutId);
  });

  // The webhook verifies Stripe's signature over the exact bytes sent, so this scope keeps JSON raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    route(raw, api.stripeWebhook, async ({ request }) => {
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
}
