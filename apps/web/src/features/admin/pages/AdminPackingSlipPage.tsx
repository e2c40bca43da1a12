import { useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { VAULT_SHIPMENT_STATUS_LABELS } from '@grail/contract';
import clsx from 'clsx';
import { Alert, Button, ButtonLink, Skeleton } from '@/components/ui';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useShipmentsDue } from '../api/shipmentsDue';
import { BoxValue, boxReference } from '../components/VaultBoxes';
import admin from '../admin.module.css';
import styles from './AdminPackingSlipPage.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/** A square to tick by hand once the card is in the box. */
function PackedCell() {
  return (
    <td className={styles.check}>
      <span className={styles.box} aria-hidden />
    </td>
  );
}

/**
 * /admin/shipping/:shipmentId/slip: one vault box's packing slip (its cards with grade and cert
 * number, the address, the insured value, the ship-by) to print; printing prints the slip alone.
 */
export default function AdminPackingSlipPage() {
  const { shipmentId = '' } = useParams();
  const due = useShipmentsDue();
  const box = due.data?.find((s) => s._id === shipmentId);
  const count = box ? (box.cards?.length ?? box.items.length) : 0;
  return (
    <section className={admin.page}>
      <div className={styles.toolbar}>
        <ButtonLink to={paths.adminShipping.getHref()} startIcon={<ArrowLeft aria-hidden />}>
          Shipping
        </ButtonLink>
        {box && (
          <Button
            variant="contained"
            startIcon={<Printer aria-hidden />}
            onClick={() => window.print()}
          >
            Print packing slip
          </Button>
        )}
      </div>
      {due.isPending && <Skeleton variant="rounded" height={320} />}
      {due.isError && (
        <LoadFailed onRetry={due.refetch}>Could not load this box. {due.error.message}</LoadFailed>
      )}
      {due.data && !box && (
        <Alert severity="info">
          This box is no longer waiting to ship: it was shipped or cancelled.
        </Alert>
      )}
      {box && (
        <article className={clsx(admin.panel, styles.slip)} data-testid="packing-slip">
          <h1 className={styles.title}>Packing slip · {boxReference(box)}</h1>
          <p className={styles.meta}>
            For {box.username} · ship by {dateTimeFormat.format(new Date(box.shipBy))} ·{' '}
            {VAULT_SHIPMENT_STATUS_LABELS[box.status]}
          </p>
          <div className={styles.columns}>
            <div>
              <h2 className={styles.label}>Ship to</h2>
              <Address address={box.address} />
            </div>
            <dl className={styles.figures}>
              <BoxValue box={box} />
            </dl>
          </div>
          <h2 className={styles.label}>
            {count} {count === 1 ? 'card' : 'cards'}
          </h2>
          <table className={styles.cards} aria-label="Cards in the box">
            <thead>
              <tr>
                <th scope="col">Card</th>
                {box.cards && (
                  <>
                    <th scope="col">Grade</th>
                    <th scope="col">Cert number</th>
                  </>
                )}
                <th scope="col" className={styles.check}>
                  Packed
                </th>
              </tr>
            </thead>
            <tbody>
              {box.cards
                ? box.cards.map((card, i) => (
                    <tr key={i}>
                      <td>{card.name}</td>
                      <td>{card.grade}</td>
                      <td>{card.certNumber ?? '—'}</td>
                      <PackedCell />
                    </tr>
                  ))
                : box.items.map((name, i) => (
                    <tr key={i}>
                      <td>{name}</td>
                      <PackedCell />
                    </tr>
                  ))}
            </tbody>
          </table>
        </article>
      )}
    </section>
  );
}
