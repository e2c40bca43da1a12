import Stripe from 'stripe';

export interface CheckoutRequest {
  topUpId: string;
  userId: string;
  email: string;
  amountCents: number;
  /** Absolute URLs the provider sends the payer back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  checkoutUrl: string;
  /** The provider's own id for the payment, matched when it reports back (null: the sandbox). */
  providerRef: string | null;
}

/** Where a top-up is paid. The wallet is credited only when the provider confirms. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
}

/** Test mode: a hosted-looking page of this app where the payer confirms or cancels. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    return { checkoutUrl: `/payments/sandbox/${request.topUpId}`, providerRef: null };
  }
}

/** Stripe Checkout through the official SDK; the credit arrives later by signed webhook. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(
    readonly stripe: Stripe,
    readonly webhookSecret: string,
  ) {}

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.topUpId,
        customer_email: request.email,
        metadata: { topUpId: request.topUpId, userId: request.userId },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              product_data: { name: 'Grail Machine wallet top-up' },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      // Stripe deduplicates a retried create with the same key.
      { idempotencyKey: `top-up-${request.topUpId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { checkoutUrl: session.url, providerRef: session.id };
  }

  /** Verifies the Stripe-Signature header over the raw body; throws on a bad or stale signature. */
  verifyEvent(rawBody: string, signature: string | string[] | undefined) {
    if (!signature) throw new Error('missing signature');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}

export function createPaymentProvider(config: {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return new StripeProvider(
      new Stripe(config.STRIPE_SECRET_KEY!, { maxNetworkRetries: 2, timeout: 20_000 }),
      config.STRIPE_WEBHOOK_SECRET!,
    );
  }
  return new SandboxProvider();
}
