import { Button, Dialog } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { useCancelListing } from '@/lib/api/market';
import { notify } from '@/lib/toast';

/** Asks before a listing comes down: the card goes back to the vault, open offers are released. */
export function CancelListingDialog({
  listing,
  onClose,
}: {
  listing: { _id: string; card: { name: string } } | null;
  onClose: () => void;
}) {
  const cancel = useCancelListing();
  return (
    <Dialog
      open={listing !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Cancel this listing?"
      description={
        listing
          ? `${listing.card.name} goes back to your vault, and every open offer on it is released to its buyer.`
          : undefined
      }
      actions={
        <>
          <Button onClick={onClose}>Keep it listed</Button>
          <Button
            variant="contained"
            color="error"
            loading={cancel.isPending}
            onClick={() =>
              listing &&
              cancel.mutate(listing._id, {
                onSuccess: () => {
                  notify.success(`Listing cancelled: ${listing.card.name} is back in your vault.`);
                  onClose();
                },
                onError: (error) =>
                  notify.error(
                    error instanceof ApiError ? error.message : 'Could not cancel the listing.',
                  ),
              })
            }
          >
            Cancel listing
          </Button>
        </>
      }
    />
  );
}
