import { useState } from 'react';
import { type FulfilmentItem, type FulfilmentKind, type ShippingCompliance } from '@grail/contract';
import clsx from 'clsx';
import { Alert, Badge, Button, Checkbox, Spinner } from '@/components/ui';
import { Address } from '@/components/Address';
import { useFulfilmentQueue, useShipItem } from '../api/fulfilment';
import { DueBadge, ShipByLine } from '../components/ShipBy';
import { PackingSlips } from '../components/PackingSlips';
import { MarkShippedForm } from '../components/MarkShippedForm';
import { VaultBoxes } from '../components/VaultBoxes';
import admin from '../admin.module.css';
import styles from './AdminShippingPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const KIND_LABEL: Record<FulfilmentKind, string> = {
  order: 'Store order',
  pull: 'Grail pull',
  break: 'Break hits',
  vault: 'Vault box',
  submission: 'Returned submission',
};
const keyOf = (item: FulfilmentItem) => `${item.kind}:${item._id}`;

function ComplianceSummary({ compliance }: { compliance: ShippingCompliance }) {
  return (
    <div className={clsx(admin.panel, styles.compliance)} data-testid="shipping-compliance">
      <h2 className={styles.overline}>Shipped within 48 hours, last 30 days</h2>
      {compliance.share === null ? (
        <p className={styles.text}>Nothing shipped in the last 30 days.</p>
      ) : (
        <p className={admin.figure}>
          {Math.round(compliance.share * 1000) / 10}%{' '}
          <span className={styles.of}>
            ({compliance.onTime} of {compliance.shipped})
          </span>
        </p>
      )}
    </div>
  );
}

function ShipForm({ item }: { item: FulfilmentItem }) {
  const ship = useShipItem();
  return (
    <MarkShippedForm
      reference={item.reference}
      ship={(body) => ship.mutateAsync({ kind: item.kind, id: item._id, body })}
    />
  );
}

function QueueItem({
  item,
  now,
  selected,
  onSelect,
}: {
  item: FulfilmentItem;
  now: number;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  return (
    <li
      data-testid="fulfilment-item"
      className={clsx(admin.panel, styles.item, item.overdue && styles.overdue)}
    >
      <div className={styles.itemHead}>
        <Checkbox
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          label={<span className={styles.reference}>{item.reference}</span>}
        />
        <Badge>{KIND_LABEL[item.kind]}</Badge>
        <DueBadge due={item} now={now} />
      </div>
      <ShipByLine due={item} className={styles.shipBy} />
      <div className={styles.contents}>
        <ul className={styles.items}>
          {item.items.map((name, i) => (
            <li key={i}>{name}</li>
          ))}
        </ul>
        {item.address ? (
          <Address address={item.address} />
        ) : (
          <Alert severity="warning">No address on file.</Alert>
        )}
      </div>
      <ShipForm item={item} />
    </li>
  );
}

/**
 * /admin/shipping: one queue of everything owed to collectors (store orders, claimed pulls,
 * break hits, returned submissions) by deadline, with packing slips and mark-shipped.
 */
export function AdminShippingPage() {
  const queue = useFulfilmentQueue();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const now = queue.dataUpdatedAt || Date.now();
  // Vault boxes have their own section above (status, packing, fee), so they are not listed twice.
  const items = (queue.data?.items ?? []).filter((i) => i.kind !== 'vault');
  const chosen = items.filter((i) => selected.has(keyOf(i)));
  const toggle = (key: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Orders and shipping</h1>
      <p className={clsx(admin.muted, styles.intro)}>
        Everything owed to collectors, earliest deadline first. Each box must leave within 48 hours;
        overdue boxes are marked in red.
      </p>
      {queue.data && <ComplianceSummary compliance={queue.data.compliance} />}
      <VaultBoxes />
      <h2 className={admin.heading}>Orders, pulls, breaks and returns</h2>
      {queue.isPending && <Spinner label="Loading the shipping queue" />}
      {queue.isError && <LoadFailed onRetry={queue.refetch}>{queue.error.message}</LoadFailed>}
      {queue.data && (
        <>
          {items.length === 0 ? (
            <Alert severity="success">No orders, pulls, breaks or returns to ship right now.</Alert>
          ) : (
            <>
              <div className={styles.toolbar}>
                <Checkbox
                  label="Select all"
                  checked={chosen.length === items.length}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && chosen.length < items.length;
                  }}
                  onChange={(e) =>
                    setSelected(e.target.checked ? new Set(items.map(keyOf)) : new Set())
                  }
                />
                <Button
                  variant="outlined"
                  disabled={chosen.length === 0}
                  onClick={() => window.print()}
                >
                  Print packing slips ({chosen.length})
                </Button>
              </div>
              <ul className={styles.queue} aria-label="Shipping queue">
                {items.map((item) => (
                  <QueueItem
                    key={keyOf(item)}
                    item={item}
                    now={now}
                    selected={selected.has(keyOf(item))}
                    onSelect={(on) => toggle(keyOf(item), on)}
                  />
                ))}
              </ul>
              <PackingSlips items={chosen} />
            </>
          )}
        </>
      )}
    </section>
  );
}
