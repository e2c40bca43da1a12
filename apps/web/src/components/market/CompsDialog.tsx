import { Dialog, Spinner } from '@/components/ui';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useCardComps } from '@/lib/api/market';
import { CompsDetails } from './CardComps';

/** A card's price history in a dialog: its FMV with the source, the price chart and last sales. */
export function CompsDialog({
  card,
  onClose,
}: {
  card: { _id: string; name: string } | null;
  onClose: () => void;
}) {
  const comps = useCardComps(card?._id ?? '', { enabled: card !== null });
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(next) => !next && onClose()}
      title={card ? `Price history: ${card.name}` : 'Price history'}
    >
      {comps.isError ? (
        <LoadFailed onRetry={() => void comps.refetch()}>
          Could not load the price history.
        </LoadFailed>
      ) : comps.data ? (
        <CompsDetails comps={comps.data} />
      ) : (
        <Spinner label="Loading the price history" />
      )}
    </Dialog>
  );
}
