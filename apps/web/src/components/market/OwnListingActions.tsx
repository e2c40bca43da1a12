import { useState } from 'react';
import { Button } from '@/components/ui';
import { CancelListingDialog } from './CancelListingDialog';
import { ListingDialog, type ListingSubject } from './ListingDialog';

type OwnListing = Extract<ListingSubject, { kind: 'edit' }>['listing'];

/** The seller's own open listing: Edit price and Cancel listing, each asking in its dialog. */
export function OwnListingActions({
  listing,
  size,
  className,
}: {
  listing: OwnListing;
  size: 'small' | 'large';
  className?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  return (
    <>
      <div className={className}>
        <Button variant="outlined" size={size} onClick={() => setEditing(true)}>
          Edit price
        </Button>
        <Button color="error" size={size} onClick={() => setCancelling(true)}>
          Cancel listing
        </Button>
      </div>
      {editing && (
        <ListingDialog subject={{ kind: 'edit', listing }} onClose={() => setEditing(false)} />
      )}
      <CancelListingDialog
        listing={cancelling ? listing : null}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
