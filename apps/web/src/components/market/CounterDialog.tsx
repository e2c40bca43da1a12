import type { Offer } from '@grail/contract';
import { FormDialog, FormTextField } from '@/components/ui';
import { useCounterOffer } from '@/lib/api/market';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { AmountForm, type AmountDraft } from './marketForms';
import styles from './market.module.css';

/** Answers an offer with another amount; a buyer's new amount is held in place of the old. */
export function CounterDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const counter = useCounterOffer();
  const buyer = offer.role === 'buyer';
  return (
    <FormDialog<AmountDraft, { amount: number }>
      title="Counteroffer"
      description={offer.listing.card.name}
      onClose={onClose}
      submitLabel="Send counteroffer"
      pending={counter.isPending}
      pendingText="Sending…"
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
          Your new amount is held from your wallet in place of the {formatUsd(offer.held)} held now.
        </p>
      )}
    </FormDialog>
  );
}
