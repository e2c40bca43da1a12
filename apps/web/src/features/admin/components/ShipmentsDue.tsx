import { TrackingBody, VAULT_SHIPMENT_STATUS_LABELS, type DueShipment } from '@grail/contract';
import { Alert, Badge, Form, FormSubmit, FormTextField, Spinner, Table } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import { useMarkShipped, useShipmentsDue } from '../api/shipmentsDue';
import admin from '../admin.module.css';
import styles from './ShipmentsDue.module.css';

const SOURCE_LABEL: Record<DueShipment['sourceType'], string> = {
  pull: 'Grail pull',
  break: 'Break hits',
  order: 'Store order',
  vault: 'Vault box',
};

function ShipForm({ shipment }: { shipment: DueShipment }) {
  const mark = useMarkShipped();
  return (
    <Form
      schema={TrackingBody}
      defaultValues={{ carrier: 'USPS', trackingNumber: '' }}
      className={styles.shipForm}
      onSubmit={(body) => mark.mutateAsync({ id: shipment._id, body })}
    >
      <FormTextField name="carrier" label="Carrier" />
      <FormTextField name="trackingNumber" label="Tracking number" />
      <FormSubmit size="small">Mark shipped</FormSubmit>
    </Form>
  );
}

/** Shipments still to send, earliest ship-by first, with their 48-hour deadline. */
export function ShipmentsDue() {
  const due = useShipmentsDue();
  return (
    <div className={admin.panel}>
      <h2 className={admin.heading}>Shipments due</h2>
      {due.isError && <Alert severity="error">{due.error.message}</Alert>}
      <Table
        label="Shipments due"
        rows={due.data ?? []}
        rowKey={(s) => s._id}
        rowProps={() => ({ 'data-testid': 'shipment-due' })}
        empty={
          due.isPending ? <Spinner label="Loading shipments due" /> : 'Nothing to ship right now.'
        }
        columns={[
          {
            key: 'shipBy',
            title: 'Ship by',
            cell: (s) => (
              <span className={styles.shipBy}>
                {dateTimeFormat.format(new Date(s.shipBy))}
                {s.overdue && (
                  <Badge tone="error" variant="filled">
                    Overdue
                  </Badge>
                )}
              </span>
            ),
          },
          {
            key: 'collector',
            title: 'Collector',
            cell: (s) => (
              <span>
                {s.username}
                <span className={styles.source}>
                  {SOURCE_LABEL[s.sourceType]}
                  {s.sourceType === 'vault' && ` · ${VAULT_SHIPMENT_STATUS_LABELS[s.status]}`}
                </span>
              </span>
            ),
          },
          { key: 'items', title: 'Items', cell: (s) => s.items.join(', ') },
          {
            key: 'address',
            title: 'Address',
            cell: (s) => (
              <span>
                {s.address.name}, {s.address.line1}, {s.address.city} {s.address.state}{' '}
                {s.address.postalCode}
              </span>
            ),
          },
          { key: 'ship', title: 'Ship', cell: (s) => <ShipForm shipment={s} /> },
        ]}
      />
    </div>
  );
}
