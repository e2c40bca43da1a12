import { TrackingBody } from '@grail/contract';
import { Form, FormSelect, FormSubmit, FormTextField } from '@/components/ui';
import { notify } from '@/lib/toast';
import admin from '../admin.module.css';
import styles from './MarkShippedForm.module.css';

const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'].map((c) => ({ value: c, label: c }));

/** The carrier and tracking number of a box staff send: the same form in every shipping queue. */
export function MarkShippedForm({
  reference,
  label,
  ship,
}: {
  /** What the toast calls the box ("Vault box 1a2b3c4d", an order's reference). */
  reference: string;
  /** The form's accessible name, where a page lists several boxes. */
  label?: string;
  ship: (body: TrackingBody) => Promise<unknown>;
}) {
  return (
    <Form
      schema={TrackingBody}
      defaultValues={{ carrier: 'USPS', trackingNumber: '' }}
      className={admin.row}
      label={label}
      onSubmit={async (body) => {
        await ship(body);
        notify.success(`${reference} marked shipped.`);
      }}
    >
      <div className={styles.carrier}>
        <FormSelect name="carrier" label="Carrier" options={CARRIERS} />
      </div>
      <FormTextField
        name="trackingNumber"
        label="Tracking number"
        maxLength={64}
        autoComplete="off"
      />
      <FormSubmit size="medium" fullWidth={false}>
        Mark shipped
      </FormSubmit>
    </Form>
  );
}
