import { z } from 'zod';
import { HitUpdate, type AdminBreak, type AdminBreakHit } from '@grail/contract';
import { Form, FormSubmit } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { useBreakCommands } from '../api/breaks';
import styles from './BreakBuybackCell.module.css';
import { FormDollarField } from './FormDollarField';

/** The price as typed: blank is no sell-back, else the contract's rule for a price. */
const BuybackFields = z.object({
  buybackPrice: z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(HitUpdate.shape.buybackPrice),
});

/** A held hit's sell-back price, editable until its owner claims or sells it. */
export function BuybackCell({ b, hit }: { b: AdminBreak; hit: AdminBreakHit }) {
  const { setBuyback } = useBreakCommands();
  if (hit.status !== 'held')
    return <>{hit.buybackPrice === null ? '—' : formatUsd(hit.buybackPrice)}</>;
  return (
    <Form
      // A new price from the server starts the field over.
      key={String(hit.buybackPrice)}
      schema={BuybackFields}
      defaultValues={{ buybackPrice: hit.buybackPrice === null ? '' : String(hit.buybackPrice) }}
      className={styles.form}
      onSubmit={({ buybackPrice }) =>
        setBuyback.mutateAsync({ id: b._id, hitId: hit._id, buybackPrice })
      }
    >
      <div className={styles.row}>
        <div className={styles.field}>
          <FormDollarField name="buybackPrice" label="Buyback ($)" />
        </div>
        <FormSubmit size="small" variant="text" fullWidth={false}>
          Save
        </FormSubmit>
      </div>
    </Form>
  );
}
