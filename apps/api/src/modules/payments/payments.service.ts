import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { centsToDollars, dollarsToCents, formatCents } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { stripeEvents, topUps } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { LIMITS, type RateLimitService } from '../auth/rate-limits.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { PaymentProvider } from './payment-providers.js';

const topUpRef = (id: string, provider: string) => ({
  kind: 'top_up' as const,
  refType: 'top_up',
  refId: id,
  description: provider === 'sandbox' ? 'Wallet top-up (test mode)' : 'Wallet top-up (card)',
});

/**
 * Top-ups: a pending row first, then the provider's checkout; the wallet is credited once, when
 * the provider confirms (sandbox confirm or Stripe webhook), by moving the row from pending.
 */
export class PaymentsService {
  private readonly publicUrl: string;
  private readonly limits: RateLimitService;
  private readonly playLimits: LimitsService;
  private readonly log?: FastifyBaseLogger;
  private readonly notifications: Pick<NotificationsService, 'notify'>;

  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    readonly provider: PaymentProvider,
    options: {
      /** PUBLIC_URL: the provider sends the payer back there, never to a request's Host. */
      publicUrl: string;
      /** The top-up limit per person (RATE_LIMIT_SCALE applies, as to every limit). */
      limits: RateLimitService;
      /** The collector's deposit limits, time-out and self-exclusion. */
      playLimits: LimitsService;
      /** The collector's receipt of each top-up, in the transaction that credits it. */
      notifications: Pick<NotificationsService, 'notify'>;
      log?: FastifyBaseLogger;
    },
  ) {
    this.notifications = options.notifications;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.limits = options.limits;
    this.playLimits = options.playLimits;
    this.log = options.log;
  }

  /** `returnPath` is a path of this site (SafeReturnPath in the contract). */
  async startTopUp(
    user: SessionUser,
    amount: number,
    returnPath?: string,
  ): Promise<{ checkoutUrl: string; topUpId: string }> {
    await this.limits.take([LIMITS.topUpsPerUser, user.id]);
    const amountCents = dollarsToCents(amount);
    // A deposit limit counts the top-ups started, so it is checked when one starts (a payment
    // the provider then confirms is always credited: the payer has been charged).
    const topUpId = await this.db.transaction(async (tx) => {
      await this.playLimits.checkDeposit(user.id, amountCents, tx);
      const [row] = await tx
        .insert(topUps)
        .values({ userId: user.id, provider: this.provider.name, amountCents })
        .returning({ id: topUps.id });
      return row!.id;
    });
    const back = returnPath ?? '/dashboard?tab=wallet';
    const join = back.includes('?') ? '&' : '?';
    let started;
    try {
      started = await this.provider.startCheckout({
        topUpId,
        userId: user.id,
        email: user.email,
        amountCents,
        successUrl: `${this.publicUrl}${back}${join}topUp=success`,
        cancelUrl: `${this.publicUrl}${back}${join}topUp=cancelled`,
      });
    } catch (err) {
      this.log?.error({ err, topUpId }, 'payment provider failed to start a checkout');
      await this.db.update(topUps).set({ status: 'cancelled' }).where(eq(topUps.id, topUpId));
      throw new AppError(
        502,
        'The payment provider could not be reached. Nothing was charged; please try again.',
        'Bad Gateway',
      );
    }
    if (started.providerRef) {
      await this.db
        .update(topUps)
        .set({ providerRef: started.providerRef })
        .where(eq(topUps.id, topUpId));
    }
    // The sandbox page sends the payer back where they came from.
    const checkoutUrl =
      this.provider.name === 'sandbox' && returnPath
        ? `${started.checkoutUrl}?return=${encodeURIComponent(returnPath)}`
        : started.checkoutUrl;
    return { checkoutUrl, topUpId };
  }

  /** The sandbox page's view of a checkout: its owner only, and only while the sandbox is on. */
  async sandboxCheckout(userId: string, checkoutId: string) {
    const row = await this.ownSandboxTopUp(userId, checkoutId, false);
    return { checkoutId: row.id, amount: centsToDollars(row.amountCents), status: row.status };
  }

  /** Confirms a sandbox payment once and credits the wallet in the same transaction. */
  async confirmSandbox(userId: string, checkoutId: string): Promise<{ balance: number }> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownSandboxTopUp(userId, checkoutId, true, tx);
      if (row.status !== 'pending') throw this.alreadyDone(row.status);
      await tx
        .update(topUps)
        .set({ status: 'succeeded', completedAt: new Date() })
        .where(eq(topUps.id, row.id));
      const balance = await this.wallet.credit(
        userId,
        row.amountCents,
        topUpRef(row.id, 'sandbox'),
        tx,
      );
      await this.receipt(tx, userId, row.id, row.amountCents);
      return { balance: centsToDollars(balance) };
    });
  }

  async cancelSandbox(userId: string, checkoutId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.ownSandboxTopUp(userId, checkoutId, true, tx);
      if (row.status !== 'pending') throw this.alreadyDone(row.status);
      await tx.update(topUps).set({ status: 'cancelled' }).where(eq(topUps.id, row.id));
    });
  }

  /**
   * A verified Stripe event, handled once per event id: a replay finds the id already recorded
   * and changes nothing. A completed (paid) Checkout Session credits its top-up once.
   */
  async handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    return this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (!fresh) return { duplicate: true };
      const paid =
        (event.type === 'checkout.session.completed' &&
          event.data.object.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (paid) await this.creditStripeSession(event.data.object, tx);
      if (
        event.type === 'checkout.session.expired' ||
        event.type === 'checkout.session.async_payment_failed'
      ) {
        await tx
          .update(topUps)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(topUps.provider, 'stripe'),
              eq(topUps.providerRef, event.data.object.id),
              eq(topUps.status, 'pending'),
            ),
          );
      }
      return { duplicate: false };
    });
  }

  private async creditStripeSession(session: Stripe.Checkout.Session, tx: Tx) {
    const [row] = await tx
      .update(topUps)
      .set({ status: 'succeeded', completedAt: new Date() })
      .where(
        and(
          eq(topUps.provider, 'stripe'),
          eq(topUps.providerRef, session.id),
          eq(topUps.status, 'pending'),
        ),
      )
      .returning();
    if (!row) return;
    // What the payer was charged is what they get; it equals the amount we asked for.
    const cents = session.amount_total ?? row.amountCents;
    await this.wallet.credit(row.userId, cents, topUpRef(row.id, 'stripe'), tx);
    await this.receipt(tx, row.userId, row.id, cents);
  }

  private receipt(tx: Tx, userId: string, topUpId: string, cents: number) {
    return this.notifications.notify(tx, userId, {
      category: 'receipts',
      kind: 'top_up.succeeded',
      title: `Top-up of ${formatCents(cents)} received`,
      body: `${formatCents(cents)} was added to your wallet as cash.`,
      link: '/dashboard?tab=wallet',
      subject: { type: 'top_up', id: topUpId },
    });
  }

  private async ownSandboxTopUp(userId: string, id: string, lock: boolean, tx: Db | Tx = this.db) {
    if (this.provider.name !== 'sandbox') throw notFound('Checkout not found');
    const query = tx
      .select()
      .from(topUps)
      .where(and(eq(topUps.id, id), eq(topUps.userId, userId), eq(topUps.provider, 'sandbox')));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Checkout not found');
    return row;
  }

  private alreadyDone(status: string) {
    return conflict(
      status === 'succeeded'
        ? 'This payment was already confirmed.'
        : 'This payment was cancelled. Start a new top-up.',
    );
  }
}
