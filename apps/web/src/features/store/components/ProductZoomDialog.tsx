import { Dialog } from '@/components/ui/Dialog';
import { imageSources } from '@/lib/images';
import styles from './ProductZoomDialog.module.css';

/** The card's picture at full size in a dialog named after the card (Escape or the button closes). */
export default function ProductZoomDialog({
  open,
  onClose,
  name,
  image,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  image: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={`${name}, zoomed`}
      titleHidden
      closeLabel="Close zoom"
      className={styles.zoom}
    >
      <img src={imageSources(image, 'lg').src} alt={name} className={styles.image} />
    </Dialog>
  );
}
