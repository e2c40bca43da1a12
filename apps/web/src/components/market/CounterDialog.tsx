import { useId } from 'react';
import type { Offer } from '@grail/contract';
import { Button, Dialog, Form, FormTextField } from '@/components/ui';
import { useCounterOffer } from '@/lib/api/market';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { AmountForm, type AmountDraft } from './marketForms';
import styles from './market.module.css';

/** Answers an offer with another amount; a buyer's new amount is held in place of the old. */
export function CounterDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const formId = useId();
  const counter = useCounterOffer();
  const buyer = offer.role === 'buyer';
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Counteroffer"
      description={offer.listing.card.name}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            type="submit"
            form={formId}
            loading={counter.isPending}
            loadingText="Sending…"
          >
            Send counteroffer
          </Button>
        </>
      }
    >
      <Form<AmountDraft, { amount: number }>
        id={formId}
        schema={AmountForm as never}
        defaultValues={{ amount: '' }}
        onSubmit={async ({ amount }) => {
          await counter.mutateAsync({ offerId: offer._id, amount });
          notify.success(`Counteroffer sent: ${formatUsd(amount)}.`);
          onClose();
        }}
        className={styles.dialogBody}
      >
        <p className={styles.note}>
          On the table: {formatUsd(offer.amount)} from the {offer.by}. Listed at{' '}
          {formatUsd(offer.listing.price)}.
        </p>
        <FormTextField<AmountDraft>
          name="amount"
          label="Your amount ($)"
          type="number"
          step="0.01"
          min="1"
          inputMode="decimal"
        />
        {buyer && (
          <p className={styles.note}>
            Your new amount is held from your wallet in place of the {formatUsd(offer.held)} held
            now.
          </p>
        )}
      </Form>
    </Dialog>
  );
}
