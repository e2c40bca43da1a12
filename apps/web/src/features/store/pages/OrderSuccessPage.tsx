import clsx from 'clsx';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SHIPS_WITHIN_TEXT } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOrder } from '@/lib/api/orders';
import { isNotFound } from '@/lib/api/notFound';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { Alert, ButtonLink, Skeleton } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { CartLine } from '../components/CartLine';
import styles from './OrderSuccessPage.module.css';

/** /order-success?orderId=…: what was bought, where it goes, and the 48-hour promise. */
export default function OrderSuccessPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  const { data, isPending, isError, error } = useOrder(orderId);
  const order = data?.order;
  if (isNotFound(error)) return <NotFoundPage />;

  return (
    <section className={styles.page}>
      <title>Order placed | Grail Machine</title>
      <div className={styles.heading}>
        <CircleCheck aria-hidden size={40} className={styles.icon} />
        <h1 className={styles.title}>Thank you for your order!</h1>
      </div>
      {order?.delivery !== 'vault' && (
        <p className={clsx(ui.h6, styles.promise)}>{SHIPS_WITHIN_TEXT}</p>
      )}
      {orderId && isPending && <Skeleton variant="rounded" height={220} />}
      {(!orderId || isError) && (
        <Alert severity="info" className={styles.notice}>
          Your orders and their shipping status are in your dashboard.
        </Alert>
      )}
      {order && (
        <div className={clsx(ui.paper, styles.summary)} data-testid="order-summary">
          <p className={clsx(ui.secondaryText, styles.meta)}>
            Order {order._id.slice(0, 8).toUpperCase()} · paid{' '}
            {dateTimeFormat.format(new Date(order.paidAt))}
          </p>
          <div className={styles.lines}>
            {order.items.map((item) => (
              <CartLine
                key={item.cardId}
                product={{
                  _id: item.cardId,
                  name: item.name,
                  imageUrl: item.imageUrl,
                  storePrice: item.price,
                  status: 'available',
                  gradeLabel: 'Paid',
                }}
              />
            ))}
          </div>
          <div className={styles.total}>
            <p>Total paid</p>
            <p>{formatUsd(order.total)}</p>
          </div>
          {order.shippingFee > 0 && (
            <p className={clsx(ui.body2, ui.secondaryText)}>
              Includes {formatUsd(order.shippingFee)} shipping.
            </p>
          )}
          {order.shippingAddress ? (
            <p className={clsx(ui.body2, ui.secondaryText)}>
              Shipping to {order.shippingAddress.name}, {order.shippingAddress.line1},{' '}
              {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
              {order.shippingAddress.postalCode}, {order.shippingAddress.country}
              {order.shipBy ? `. Ships by ${dateTimeFormat.format(new Date(order.shipBy))}.` : '.'}
            </p>
          ) : (
            <p className={clsx(ui.body2, ui.secondaryText)} data-testid="order-vault">
              Your cards are in your vault: ship them whenever you like.{' '}
              <Link to={paths.vault.getHref()} className={ui.textLink}>
                Open your vault
              </Link>
            </p>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <ButtonLink to={`${paths.dashboard.getHref()}?tab=orders`} variant="contained">
          View your orders
        </ButtonLink>
        <ButtonLink to={paths.store.getHref()}>Keep shopping</ButtonLink>
      </div>
    </section>
  );
}
