import { z } from 'zod';
import {
  MARKET_MIN_PRICE,
  NewOfferBody,
  OFFER_EXPIRY_DAYS_DEFAULT,
  OFFER_EXPIRY_DAYS_MAX,
  OFFER_EXPIRY_DAYS_MIN,
  type Listing,
} from '@grail/contract';
import { dollarsText } from '@/components/market/marketForms';
import { usePurchaseConfirmation } from '@/components/purchase/usePurchaseConfirmation';
import { SummaryRow } from '@/components/SummaryRow';
import { FormDialog, FormTextField } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useMakeOffer } from '../api/useMakeOffer';
import styles from './ListingActions.module.css';

type OfferDraft = { amount: string; expiresInDays: string };

/** The offer as typed, checked by the contract's rules and the listing's minimum. */
const offerForm = (minimum: number) =>
  z.object({
    amount: dollarsText.refine((a) => a >= minimum, {
      message: `The seller takes offers from ${formatUsd(minimum)}.`,
    }),
    expiresInDays: z
      .string()
      .trim()
      .pipe(z.coerce.number<string>({ message: 'Enter a number of days.' }))
      .pipe(NewOfferBody.shape.expiresInDays.unwrap()),
  });

/**
 * An offer on a listing: the amount (from the seller's minimum) and how long it stands (1 to 14
 * days, 7 unless changed). The amount is held from the wallet while the offer is open.
 */
export function MakeOfferDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const minimum = listing.minOffer ?? MARKET_MIN_PRICE;
  const c = usePurchaseConfirmation({ open: true, amount: 0 });
  const offer = useMakeOffer();
  return (
    <FormDialog<OfferDraft, NewOfferBody>
      title="Make an offer"
      description={listing.card.name}
      onClose={onClose}
      submitLabel="Send offer"
      pending={offer.isPending}
      pendingText="Sending…"
      schema={offerForm(minimum) as never}
      defaultValues={{ amount: '', expiresInDays: String(OFFER_EXPIRY_DAYS_DEFAULT) }}
      onSubmit={async (body) => {
        try {
          await offer.mutateAsync({
            listingId: listing._id,
            body,
            idempotencyKey: c.idempotencyKey,
          });
        } catch (error) {
          // Refused: nothing was held, so the next try is a new offer.
          c.renewKey();
          throw error;
        }
        notify.success(`Offer sent: ${formatUsd(body.amount)} is held from your wallet.`);
        onClose();
      }}
      className={styles.dialogBody}
    >
      <div className={styles.quote}>
        <SummaryRow label="Listed at" value={formatUsd(listing.price)} />
        <SummaryRow label="Minimum offer" value={formatUsd(minimum)} />
        <SummaryRow
          label="Your balance"
          value={c.balance === undefined ? '…' : formatUsd(c.balance)}
        />
      </div>
      <FormTextField<OfferDraft>
        name="amount"
        label="Your offer ($)"
        type="number"
        step="0.01"
        min={String(minimum)}
        inputMode="decimal"
        helperText={`From ${formatUsd(minimum)}, in dollars and cents.`}
      />
      <FormTextField<OfferDraft>
        name="expiresInDays"
        label="Expires after (days)"
        type="number"
        step="1"
        min={String(OFFER_EXPIRY_DAYS_MIN)}
        max={String(OFFER_EXPIRY_DAYS_MAX)}
        inputMode="numeric"
        helperText={`${OFFER_EXPIRY_DAYS_MIN} to ${OFFER_EXPIRY_DAYS_MAX} days.`}
      />
      <p className={styles.note}>
        The amount is held from your wallet while the offer is open. If the seller accepts, you pay
        it and the card moves to your vault at once; if they decline, or it expires or you withdraw
        it, the hold is released.
      </p>
    </FormDialog>
  );
}
