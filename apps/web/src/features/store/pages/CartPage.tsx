import clsx from 'clsx';
import { SHIPPING_FEE_SCHEDULE_TEXT, shippingFeeCents } from '@grail/contract';
import { formatShippingFee, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Alert, Button, ButtonLink, Skeleton } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { useCart } from '../cart/useCart';
import { CartLine, isBuyable } from '../components/CartLine';
import styles from './CartPage.module.css';

/** /cart: the cards chosen so far; sold ones are flagged; checkout buys the rest. */
export default function CartPage() {
  const cart = useCart();
  const buyable = cart.items.filter(isBuyable);
  const unavailable = cart.items.filter((p) => !isBuyable(p));
  // Shipped now, the box is insured for the cards' FMV; kept in the vault it costs nothing.
  const feeCents = shippingFeeCents(
    buyable.length,
    buyable.reduce((sum, p) => sum + Math.round(p.fmv * 100), 0),
  );
  const total = buyable.reduce((sum, p) => sum + (p.storePrice ?? 0), 0);
  const canCheckout = buyable.length > 0 && unavailable.length === 0;

  return (
    <section className={styles.page}>
      <title>Cart | Grail Machine</title>
      <h1 className={styles.title}>Your cart</h1>
      {cart.isLoading && cart.count > 0 ? (
        <div className={styles.stack}>
          {Array.from({ length: Math.min(cart.count, 3) }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={80} />
          ))}
        </div>
      ) : cart.count === 0 ? (
        <div className={styles.empty}>
          <p>Your cart is empty.</p>
          <ButtonLink to={paths.store.getHref()} variant="contained">
            Browse the store
          </ButtonLink>
        </div>
      ) : (
        <div className={clsx(ui.paper, styles.panel)}>
          {unavailable.length > 0 && (
            <Alert severity="warning" className={styles.notice}>
              {unavailable.length === 1
                ? 'A card in your cart has been sold meanwhile. Remove it to continue.'
                : `${unavailable.length} cards in your cart have been sold meanwhile. Remove them to continue.`}
            </Alert>
          )}
          <div className={styles.lines}>
            {cart.items.map((p) => (
              <CartLine key={p._id} product={p} onRemove={() => cart.remove(p._id)} />
            ))}
          </div>
          <div className={styles.footer}>
            <div>
              <p className={ui.secondaryText}>
                Shipping now: <span data-testid="cart-shipping">{formatShippingFee(feeCents)}</span>{' '}
                (free if you keep the cards in your vault)
              </p>
              <p className={ui.h6}>
                Cards: <strong data-testid="cart-total">{formatUsd(total)}</strong>
              </p>
              <p className={clsx(ui.body2, ui.secondaryText)} data-testid="cart-schedule">
                {SHIPPING_FEE_SCHEDULE_TEXT}
              </p>
            </div>
            <div className={styles.actions}>
              {unavailable.length > 0 && (
                <Button onClick={() => cart.removeMany(unavailable.map((p) => p._id))}>
                  Remove sold cards
                </Button>
              )}
              {canCheckout ? (
                <ButtonLink to={paths.checkout.getHref()} variant="contained" size="large">
                  Checkout
                </ButtonLink>
              ) : (
                <Button variant="contained" size="large" disabled>
                  Checkout
                </Button>
              )}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
