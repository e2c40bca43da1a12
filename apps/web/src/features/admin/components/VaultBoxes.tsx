import { VAULT_SHIPMENT_STATUS_LABELS, type DueShipment } from '@grail/contract';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import { Alert, Badge, Button, ButtonLink, Skeleton } from '@/components/ui';
import { Address } from '@/components/Address';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useMarkShipped, useShipmentsDue } from '../api/shipmentsDue';
import { DueBadge, ShipByLine } from './ShipBy';
import { useStartPacking } from '../api/vault';
import { MarkShippedForm } from './MarkShippedForm';
import admin from '../admin.module.css';
import styles from './VaultBoxes.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

/** What staff call a vault box: its id's first characters, as the slip prints it. */
export const boxReference = (box: Pick<DueShipment, '_id'>) => `Vault box ${box._id.slice(0, 8)}`;

/** The cards of a box, one line each: name, grade and cert number when the server sends them. */
export function boxLines(box: DueShipment): string[] {
  if (!box.cards) return box.items;
  return box.cards.map((c) =>
    [c.name, c.grade, c.certNumber && `cert ${c.certNumber}`].filter(Boolean).join(' · '),
  );
}

function StartPacking({ box }: { box: DueShipment }) {
  const start = useStartPacking();
  return (
    <div className={styles.packing}>
      <p className={clsx(admin.muted, admin.small)}>
        The collector can cancel this box until you start packing it.
      </p>
      <Button
        variant="contained"
        loading={start.isPending}
        loadingText="Starting..."
        onClick={() =>
          start.mutate(box._id, {
            onSuccess: () =>
              notify.success(
                `${boxReference(box)} is being packed: the collector can no longer cancel it.`,
              ),
          })
        }
      >
        Start packing
      </Button>
      {start.error && <Alert severity="error">{start.error.message}</Alert>}
    </div>
  );
}

function ShipBox({ box }: { box: DueShipment }) {
  const mark = useMarkShipped();
  return (
    <MarkShippedForm
      reference={boxReference(box)}
      label={`Mark ${boxReference(box)} shipped`}
      ship={(body) => mark.mutateAsync({ id: box._id, body })}
    />
  );
}

/** A box's insured value and the fee its collector paid, as figures of a `dl` (queue and slip). */
export function BoxValue({ box }: { box: Pick<DueShipment, 'insuredValue' | 'fee'> }) {
  return (
    <>
      <div>
        <dt>Insured value</dt>
        <dd>{formatUsd(box.insuredValue)}</dd>
      </div>
      <div>
        <dt>Fee paid</dt>
        <dd>{formatUsd(box.fee)}</dd>
      </div>
    </>
  );
}

function VaultBox({ box, now }: { box: DueShipment; now: number }) {
  const lines = boxLines(box);
  return (
    <li data-testid="vault-box" className={clsx(admin.panel, box.overdue && styles.overdue)}>
      <div className={styles.head}>
        <span className={styles.reference}>{boxReference(box)}</span>
        <Badge tone={box.status === 'packing' ? 'info' : 'warning'}>
          {VAULT_SHIPMENT_STATUS_LABELS[box.status]}
        </Badge>
        <DueBadge due={box} now={now} />
      </div>
      <ShipByLine due={box} className={admin.wrapAnywhere} />
      <dl className={clsx(ui.figures, styles.figures)}>
        <div>
          <dt>Cards</dt>
          <dd>{lines.length}</dd>
        </div>
        <BoxValue box={box} />
      </dl>
      <div className={styles.contents}>
        <ul className={styles.cards} aria-label={`Cards in ${boxReference(box)}`}>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
        <Address address={box.address} />
      </div>
      <div className={styles.actions}>
        <ButtonLink to={paths.adminPackingSlip.getHref(box._id)} variant="outlined">
          Packing slip
        </ButtonLink>
        {box.status === 'packing' && (
          <p className={clsx(admin.muted, admin.small)}>
            Being packed: the collector can no longer cancel it.
          </p>
        )}
      </div>
      {box.status === 'pending' && <StartPacking box={box} />}
      <ShipBox box={box} />
    </li>
  );
}

/**
 * The boxes collectors asked for from their vault: cards, insured value, the fee they paid and
 * where each box stands (requested, being packed). Staff start packing, print the slip, ship.
 */
export function VaultBoxes() {
  const due = useShipmentsDue();
  const boxes = (due.data ?? []).filter((s) => s.sourceType === 'vault');
  const now = due.dataUpdatedAt || Date.now();
  return (
    <section aria-labelledby="vault-boxes" className={styles.section}>
      <h2 id="vault-boxes" className={admin.heading}>
        Vault boxes
      </h2>
      {due.isPending && <Skeleton variant="rounded" height={160} />}
      {due.isError && (
        <LoadFailed onRetry={due.refetch}>
          Could not load the vault boxes. {due.error.message}
        </LoadFailed>
      )}
      {due.data && boxes.length === 0 && (
        <p className={admin.muted}>No vault boxes to pack right now.</p>
      )}
      {boxes.length > 0 && (
        <ul className={styles.list} aria-label="Vault boxes">
          {boxes.map((box) => (
            <VaultBox key={box._id} box={box} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
