import clsx from 'clsx';
import { useState } from 'react';
import {
  VAULT_SHIPMENT_STATUS_LABELS,
  type VaultShipment,
  type VaultShipmentStatus,
} from '@grail/contract';
import { RefusalAlert } from '@/components/RefusalAlert';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { TrackingLink } from '@/components/TrackingLink';
import { Badge, Button, Card, Dialog, Skeleton } from '@/components/ui';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import ui from '@/lib/styles/ui.module.css';
import { useCancelShipment, useVaultShipments } from '../api/holdings';
import { cardsText } from './ShipDialog';
import styles from './ShipmentsList.module.css';

const TONES: Record<VaultShipmentStatus, 'neutral' | 'info' | 'primary' | 'success'> = {
  pending: 'info',
  packing: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'neutral',
};
const date = (iso: string) => dateTimeFormat.format(new Date(iso));

/** Cancelling a box says what comes back before anything is sent. */
function CancelDialog({ shipment, onClose }: { shipment: VaultShipment; onClose: () => void }) {
  const cancel = useCancelShipment();
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Cancel this shipment?"
      actions={
        <>
          <Button onClick={onClose}>Keep it</Button>
          <Button
            variant="contained"
            color="error"
            loading={cancel.isPending}
            loadingText="Cancelling…"
            onClick={() =>
              cancel.mutate(shipment._id, {
                onSuccess: ({ refunded }) => {
                  notify.success(
                    refunded > 0
                      ? `Shipment cancelled: ${formatUsd(refunded)} refunded to your wallet.`
                      : 'Shipment cancelled.',
                  );
                  onClose();
                },
              })
            }
          >
            Cancel shipment
          </Button>
        </>
      }
    >
      <p className={styles.text}>
        The {cardsText(shipment.cards.length)} go back into your vault
        {shipment.fee > 0
          ? ` and the ${formatUsd(shipment.fee)} fee is refunded to your wallet.`
          : '.'}
      </p>
      <RefusalAlert error={cancel.error} />
    </Dialog>
  );
}

function ShipmentRow({ shipment, onCancel }: { shipment: VaultShipment; onCancel: () => void }) {
  return (
    <li className={clsx(ui.paper, styles.row)} data-testid="vault-shipment">
      <div className={styles.head}>
        <Badge tone={TONES[shipment.status]} variant="filled">
          {VAULT_SHIPMENT_STATUS_LABELS[shipment.status]}
        </Badge>
        <span className={styles.caption}>Requested {date(shipment.createdAt)}</span>
      </div>
      <p className={styles.cards}>
        {cardsText(shipment.cards.length)}: {shipment.cards.map((c) => c.name).join(', ')}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Fee</dt>
          <dd>{shipment.fee > 0 ? formatUsd(shipment.fee) : 'Free'}</dd>
        </div>
        <div>
          <dt>Insured value</dt>
          <dd>{formatUsd(shipment.insuredValue)}</dd>
        </div>
        {(shipment.status === 'pending' || shipment.status === 'packing') && (
          <div>
            <dt>Ships by</dt>
            <dd>{date(shipment.shipBy)}</dd>
          </div>
        )}
        {shipment.shippedAt && (
          <div>
            <dt>Shipped</dt>
            <dd>{date(shipment.shippedAt)}</dd>
          </div>
        )}
        {shipment.trackingNumber && (
          <div>
            <dt>Tracking</dt>
            <dd>
              {shipment.carrier ? `${shipment.carrier} ` : ''}
              {shipment.trackingUrl ? (
                <a
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={ui.textLink}
                >
                  {shipment.trackingNumber}
                </a>
              ) : (
                <TrackingLink carrier={shipment.carrier} trackingNumber={shipment.trackingNumber} />
              )}
            </dd>
          </div>
        )}
      </dl>
      {shipment.cancellable && (
        <div className={styles.actions}>
          <Button size="small" variant="outlined" onClick={onCancel}>
            Cancel shipment
          </Button>
        </div>
      )}
    </li>
  );
}

/** The collector's boxes from the vault, newest first, each cancellable until packing starts. */
export function ShipmentsList() {
  const shipments = useVaultShipments();
  const [cancelling, setCancelling] = useState<VaultShipment | null>(null);
  return (
    <Card title="Shipments" level={2} as="section">
      {shipments.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : shipments.isError ? (
        <LoadFailed onRetry={() => void shipments.refetch()}>
          Could not load your shipments.
        </LoadFailed>
      ) : shipments.data.shipments.length === 0 ? (
        <p className={ui.secondaryText}>
          No shipments yet. Select cards above and ship them in one box.
        </p>
      ) : (
        <ul className={clsx(ui.stackList, styles.list)}>
          {shipments.data.shipments.map((s) => (
            <ShipmentRow key={s._id} shipment={s} onCancel={() => setCancelling(s)} />
          ))}
        </ul>
      )}
      {cancelling && <CancelDialog shipment={cancelling} onClose={() => setCancelling(null)} />}
    </Card>
  );
}
