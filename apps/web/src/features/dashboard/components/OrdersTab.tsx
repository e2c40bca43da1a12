import clsx from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { Badge, ListPagination, Skeleton } from '@/components/ui';
import { useMyOrders } from '@/lib/api/orders';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';
import { DashboardEmpty } from './DashboardEmpty';
import styles from './OrdersTab.module.css';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const PAGE_SIZE = 10;

type Tone = 'neutral' | 'info' | 'primary' | 'success';
const SHIPMENT: Record<NonNullable<Order['shipment']>['status'], { label: string; tone: Tone }> = {
  pending: { label: 'Preparing to ship', tone: 'info' },
  packing: { label: 'Being packed', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'primary' },
  delivered: { label: 'Delivered', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};
/** A vault order has no box: its cards wait in the vault until the collector ships them. */
const IN_VAULT = { label: 'In your vault', tone: 'primary' } as const;

function Shipping({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment) {
    return (
      <p className={styles.factText}>
        Kept in your vault.{' '}
        <Link to={paths.vault.getHref()} className={ui.textLink}>
          Open your vault
        </Link>{' '}
        to ship the cards when you want them.
      </p>
    );
  }
  const pending = shipment.status === 'pending' || shipment.status === 'packing';
  return (
    <p className={styles.factText}>
      {order.delivery === 'vault' && (
        <>
          Kept in your vault, then shipped from it on request.
          <br />
        </>
      )}
      {pending && order.shipBy
        ? `Ships by ${dateTimeFormat.format(new Date(order.shipBy))}`
        : shipment.shippedAt
          ? `Shipped ${dateTimeFormat.format(new Date(shipment.shippedAt))}`
          : SHIPMENT[shipment.status].label}
      {shipment.trackingNumber && (
        <>
          <br />
          Tracking: {shipment.carrier ? `${shipment.carrier} ` : ''}
          <TrackingLink carrier={shipment.carrier} trackingNumber={shipment.trackingNumber} />
        </>
      )}
    </p>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className={styles.detail}>
      {order.items.map((item) => (
        <div key={item.cardId} className={styles.item}>
          <div className={styles.thumb}>
            <CardImage src={item.imageUrl} alt={item.name} sizes="48px" />
          </div>
          <Link to={paths.product.getHref(item.cardId)} className={styles.itemName}>
            {item.name}
          </Link>
          <span className={styles.itemPrice}>{formatUsd(item.price)}</span>
        </div>
      ))}
      <div className={clsx(ui.pair, styles.facts)}>
        {a && (
          <div>
            <p className={styles.factTitle}>Ships to</p>
            <p className={styles.factText}>
              {a.name}
              <br />
              {a.line1}
              {a.line2 ? `, ${a.line2}` : ''}
              <br />
              {a.city}, {a.state} {a.postalCode}, {a.country}
            </p>
          </div>
        )}
        <div>
          <p className={styles.factTitle}>{order.shipment ? 'Shipping' : 'Delivery'}</p>
          <Shipping order={order} />
        </div>
      </div>
    </div>
  );
}

/** Dashboard 'Orders': each store order with its status, contents, address and tracking. */
export function OrdersTab() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMyOrders(page, PAGE_SIZE);
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (isError) {
    return <LoadFailed onRetry={refetch}>Could not load your orders.</LoadFailed>;
  }
  if (data.orders.length === 0) {
    return (
      <DashboardEmpty to={paths.store.getHref()} action="Browse the store">
        You have no store orders yet.
      </DashboardEmpty>
    );
  }
  return (
    <div className={styles.list} data-testid="orders-list">
      {data.orders.map((order) => {
        const shipment = order.shipment ? SHIPMENT[order.shipment.status] : IN_VAULT;
        return (
          // The browser's disclosure: Enter or Space on the summary opens and closes it.
          <details key={order._id} className={styles.order} data-testid="order-row">
            <summary className={clsx(ui.rowAction, styles.summary)}>
              <span className={styles.line}>
                <span className={styles.name}>
                  {order.items.length === 1 ? order.items[0]!.name : `${order.items.length} cards`}
                </span>
                <span className={styles.date}>
                  {dateTimeFormat.format(new Date(order.createdAt))}
                </span>
                <Badge tone={shipment.tone} variant="filled">
                  {shipment.label}
                </Badge>
                <span className={styles.total}>{formatUsd(order.total)}</span>
              </span>
              <svg className={styles.expand} viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
              </svg>
            </summary>
            <div className={styles.body}>
              <OrderDetail order={order} />
            </div>
          </details>
        );
      })}
      <ListPagination
        total={data.total}
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        label="Order pages"
        className={styles.pages}
      />
    </div>
  );
}
