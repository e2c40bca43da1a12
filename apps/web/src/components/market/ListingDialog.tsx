import type { Listing } from '@grail/contract';
import { SummaryRow } from '@/components/SummaryRow';
import { FormCheckbox, FormDialog, FormTextField } from '@/components/ui';
import { useCreateListing, useEditListing, useSelling } from '@/lib/api/market';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import {
  ListingForm,
  draftOf,
  proceedsOf,
  type ListingDraft,
  type ListingTerms,
} from './marketForms';
import styles from './market.module.css';

/** What is listed: a card of the vault (a new listing) or the collector's open listing (an edit). */
export type ListingSubject =
  | { kind: 'new'; holdingId: string; cardName: string; fmv: number }
  | {
      kind: 'edit';
      listing: Pick<Listing, '_id' | 'price' | 'acceptsOffers' | 'minOffer' | 'card'>;
    };

/**
 * Listing a vault card for sale, or changing an open listing's price: the price ($1 and up),
 * whether offers are welcome and their minimum, and what the collector receives after the one
 * seller fee (the selling endpoint's feePercent).
 */
export function ListingDialog({
  subject,
  onClose,
  onSaved,
}: {
  subject: ListingSubject;
  onClose: () => void;
  onSaved?: (listing: Listing) => void;
}) {
  const selling = useSelling();
  const create = useCreateListing();
  const edit = useEditListing();
  const feePercent = selling.data?.feePercent;
  const isNew = subject.kind === 'new';
  const cardName = isNew ? subject.cardName : subject.listing.card.name;
  const fmv = isNew ? subject.fmv : subject.listing.card.fmv;

  const submit = async (terms: ListingTerms) => {
    const listing = isNew
      ? await create.mutateAsync({ holdingId: subject.holdingId, ...terms })
      : await edit.mutateAsync({ listingId: subject.listing._id, body: terms });
    notify.success(
      isNew
        ? `Listed for ${formatUsd(listing.price)}: ${listing.card.name}.`
        : `Listing updated: ${formatUsd(listing.price)}.`,
    );
    onSaved?.(listing);
    onClose();
  };

  return (
    <FormDialog<ListingDraft, ListingTerms>
      title={isNew ? 'List for sale' : 'Edit price'}
      description={cardName}
      onClose={onClose}
      submitLabel={isNew ? 'List for sale' : 'Save changes'}
      pending={create.isPending || edit.isPending}
      pendingText="Saving…"
      schema={ListingForm as never}
      defaultValues={isNew ? draftOf() : draftOf(subject.listing)}
      onSubmit={submit}
      className={styles.dialogBody}
    >
      {(form) => {
        const [price, acceptsOffers] = form.watch(['price', 'acceptsOffers']);
        const typed = Number(price);
        const valid = price.trim() !== '' && Number.isFinite(typed) && typed >= 1;
        return (
          <>
            <p className={styles.note}>FMV {formatUsd(fmv)}</p>
            <FormTextField<ListingDraft>
              name="price"
              label="Price ($)"
              type="number"
              step="0.01"
              min="1"
              inputMode="decimal"
              helperText="From $1.00, in dollars and cents."
            />
            <FormCheckbox<ListingDraft> name="acceptsOffers" label="Accept offers" />
            {acceptsOffers && (
              <FormTextField<ListingDraft>
                name="minOffer"
                label="Minimum offer ($, optional)"
                type="number"
                step="0.01"
                min="1"
                inputMode="decimal"
                helperText="Offers below it are refused. Leave empty to hear any offer from $1."
              />
            )}
            <div className={styles.quote} data-testid="listing-quote">
              <SummaryRow
                label="Seller fee"
                value={feePercent === undefined ? '…' : `${feePercent}%`}
              />
              <SummaryRow
                label="You receive"
                value={
                  feePercent === undefined || !valid
                    ? '—'
                    : formatUsd(proceedsOf(typed, feePercent))
                }
                strong
              />
            </div>
            <p className={styles.note}>
              No buyer&apos;s premium. When it sells, the money reaches your wallet at once and the
              card moves to the buyer&apos;s vault. While listed, the card cannot be shipped or sold
              back.
            </p>
          </>
        );
      }}
    </FormDialog>
  );
}
