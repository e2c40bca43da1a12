import { useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SHIPPING_FEE_SCHEDULE_TEXT,
  SHIPPING_PROMISE_HOURS,
  ShippingAddress,
  TOP_UP_MIN,
  shippingFeeCents,
  type OrderDelivery,
  type Product,
} from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { formatShippingFee, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { productKeys } from '@/lib/api/products';
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { useLimits } from '@/lib/api/limits';
import ui from '@/lib/styles/ui.module.css';
import { LimitStopAlert, RefusalAlert } from '@/components/RefusalAlert';
import { FormAddressFields } from '@/components/FormAddressFields';
import { Alert, Button, ButtonLink, Form, FormSubmit, Skeleton } from '@/components/ui';
import { DeliveryChoice } from '../components/DeliveryChoice';
import { usePlaceOrder } from '../api/usePlaceOrder';
import { useProducts } from '../api/useProduct';
import { cartKeys, useCart } from '../cart/useCart';
import { CartLine, isBuyable } from '../components/CartLine';
import styles from './CheckoutPage.module.css';

/** The checkout's form: ship now (to this address) or keep the cards in the vault (no address). */
const CheckoutForm = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('ship'), shippingAddress: ShippingAddress }),
  z.object({ delivery: z.literal('vault') }),
]);
type CheckoutValues = z.infer<typeof CheckoutForm>;
type CheckoutDraft = { delivery: OrderDelivery; shippingAddress: Partial<ShippingAddress> };

const newKey = () => crypto.randomUUID();

/** /checkout: the cards (cart, or one with 'Buy now'), the address, the wallet, place order. */
export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const buyId = searchParams.get('buy');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const cart = useCart();
  const single = useProducts(buyId ? [buyId] : []);
  const items: Product[] = buyId ? single.flatMap((q) => (q.data ? [q.data] : [])) : cart.items;
  const itemsLoading = buyId ? single.some((q) => q.isPending) : cart.isLoading;
  const buyable = items.filter(isBuyable);
  const unavailable = items.filter((p) => !isBuyable(p));
  const [delivery, setDelivery] = useState<OrderDelivery>('ship');
  const itemsCents = buyable.reduce((sum, p) => sum + Math.round((p.storePrice ?? 0) * 100), 0);
  // The box is insured for the cards' FMV; the vault costs nothing.
  const insuredCents = buyable.reduce((sum, p) => sum + Math.round(p.fmv * 100), 0);
  const feeCents = delivery === 'ship' ? shippingFeeCents(buyable.length, insuredCents) : 0;
  const totalCents = itemsCents + feeCents;

  const wallet = useWallet();
  const balanceCents = Math.round((wallet.data?.balance ?? 0) * 100);
  const shortfallCents = Math.max(0, totalCents - balanceCents);
  const topUpCents = Math.max(TOP_UP_MIN * 100, shortfallCents);

  const [problem, setProblem] = useState<unknown>(null);
  const idempotencyKey = useRef(newKey());
  const placeOrder = usePlaceOrder();
  const topUp = useTopUp();
  const limits = useLimits({ enabled: Boolean(user) });

  const cannotBuy = useMemo(() => {
    if (!user) return null;
    if (!user.emailVerified) return 'Please verify your email address before buying.';
    if (!user.profileComplete) return 'Please complete your profile before buying.';
    return null;
  }, [user]);

  const startTopUp = () => {
    setProblem(null);
    topUp.mutate(
      { amount: topUpCents / 100, returnPath: `${location.pathname}${location.search}` },
      { onError: setProblem },
    );
  };

  const submit = async (values: CheckoutValues) => {
    setProblem(null);
    const items = buyable.map((p) => p._id);
    try {
      const { order } = await placeOrder.mutateAsync({
        body:
          values.delivery === 'ship'
            ? { items, delivery: 'ship', shippingAddress: values.shippingAddress }
            : { items, delivery: 'vault' },
        key: idempotencyKey.current,
      });
      notify.success('Order placed!');
      navigate(paths.orderSuccess.getHref({ orderId: order._id }), { replace: true });
    } catch (error) {
      // Nothing was written, so the next attempt may use a fresh key.
      idempotencyKey.current = newKey();
      if (error instanceof ApiError && error.status === 402) void wallet.refetch();
      if (error instanceof ApiError && error.status === 409) {
        // Show which card was sold: the cart and the cards are read again.
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
      setProblem(error);
    }
  };

  if (itemsLoading) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Skeleton height={48} width={240} />
        <Skeleton variant="rounded" height={200} />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={styles.empty}>
        <title>Checkout | Grail Machine</title>
        <h1 className={styles.title}>Checkout</h1>
        <p>There is nothing to check out.</p>
        <ButtonLink to={paths.store.getHref()} variant="contained">
          Browse the store
        </ButtonLink>
      </div>
    );
  }

  const topUpResult = searchParams.get('topUp');
  const total = formatUsd(totalCents / 100);
  return (
    <section className={styles.page}>
      <title>Checkout | Grail Machine</title>
      <h1 className={styles.title}>Checkout</h1>
      {topUpResult === 'success' && (
        <Alert severity="success" className={styles.notice}>
          Funds added to your wallet.
        </Alert>
      )}
      {topUpResult === 'cancelled' && (
        <Alert severity="info" className={styles.notice}>
          The top-up was cancelled; nothing was charged.
        </Alert>
      )}
      <Form<CheckoutDraft, CheckoutValues>
        schema={CheckoutForm as unknown as z.ZodType<CheckoutValues, CheckoutDraft>}
        defaultValues={{ delivery: 'ship', shippingAddress: user?.shippingAddress ?? {} }}
        onSubmit={submit}
        className={styles.grid}
      >
        <div className={styles.column}>
          <div className={clsx(ui.paper, styles.panel)}>
            <h2 className={clsx(ui.h6, styles.panelTitle)}>Cards</h2>
            {unavailable.length > 0 && (
              <Alert severity="warning" className={styles.notice}>
                {unavailable.map((p) => `"${p.name}"`).join(', ')}{' '}
                {unavailable.length === 1 ? 'has' : 'have'} been sold meanwhile and will not be
                ordered.
              </Alert>
            )}
            <div className={styles.lines}>
              {items.map((p) => (
                <CartLine key={p._id} product={p} />
              ))}
            </div>
          </div>
          <div className={clsx(ui.paper, styles.panel)}>
            <DeliveryChoice onChange={setDelivery} />
          </div>
          {delivery === 'ship' && (
            <div className={clsx(ui.paper, styles.panel)}>
              <h2 className={clsx(ui.h6, styles.panelTitle)}>Shipping address</h2>
              <FormAddressFields />
            </div>
          )}
        </div>
        <div className={clsx(ui.paper, styles.panel, styles.payment)}>
          <h2 className={ui.h6}>Payment</h2>
          <div className={styles.row}>
            <p>Shipping</p>
            <p data-testid="checkout-shipping">
              {delivery === 'vault' ? 'Free (vault)' : formatShippingFee(feeCents)}
            </p>
          </div>
          <p className={clsx(ui.body2, ui.secondaryText)} data-testid="checkout-schedule">
            {SHIPPING_FEE_SCHEDULE_TEXT}
          </p>
          <div className={styles.row}>
            <p>Total</p>
            <p className={styles.total} data-testid="checkout-total">
              {total}
            </p>
          </div>
          <div className={styles.row}>
            <p>Wallet balance</p>
            <p data-testid="wallet-balance">
              {wallet.isPending ? '…' : formatUsd(balanceCents / 100)}
            </p>
          </div>
          <hr className={styles.divider} />
          {cannotBuy && (
            <Alert severity="warning">
              {cannotBuy}{' '}
              <Link
                to={paths.completeProfile.getHref({
                  redirectTo: `${location.pathname}${location.search}`,
                })}
                className={ui.textLink}
              >
                Complete your profile
              </Link>
            </Alert>
          )}
          {shortfallCents > 0 && !wallet.isPending && (
            <div data-testid="shortfall">
              <Alert severity="info">
                Add {formatUsd(shortfallCents / 100)} to your wallet to place this order.
              </Alert>
            </div>
          )}
          <LimitStopAlert limits={limits.data} amount={totalCents / 100} />
          <RefusalAlert error={problem} />
          {shortfallCents > 0 ? (
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={startTopUp}
              disabled={topUp.isPending || wallet.isPending || Boolean(cannotBuy)}
            >
              Add {formatUsd(topUpCents / 100)} to wallet
            </Button>
          ) : (
            <FormSubmit
              pendingText="Placing order…"
              disabled={buyable.length === 0 || Boolean(cannotBuy)}
            >
              {`Place order · ${total}`}
            </FormSubmit>
          )}
          <p className={clsx(ui.body2, ui.secondaryText)}>
            {delivery === 'ship'
              ? `Ships within ${SHIPPING_PROMISE_HOURS} hours of payment.`
              : `Your cards wait in your vault, insured and free; ship them whenever you like.`}
          </p>
        </div>
      </Form>
    </section>
  );
}
