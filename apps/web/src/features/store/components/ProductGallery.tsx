import { lazy, Suspense, useState } from 'react';
import { ZoomIn } from 'lucide-react';
import { PRODUCT_IMAGE_SIZES } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { resolveImageUrl } from '@/lib/images';
import styles from './ProductGallery.module.css';

// The zoom is MUI's dialog (focus trap, Escape, backdrop): its code loads on the first click.
const ZoomDialog = lazy(() => import('./ProductZoomDialog'));

/** The card's pictures: a main image, thumbnails, and a full-size zoom in a dialog. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  // Mounted from the first zoom on, so the dialog can play its closing transition.
  const [zoomOpened, setZoomOpened] = useState(false);
  const current = images[selected] ?? images[0];
  const large = resolveImageUrl(current);

  return (
    <div className={styles.gallery}>
      <button
        type="button"
        onClick={() => {
          if (!large) return;
          setZoomOpened(true);
          setZoomed(true);
        }}
        aria-label={`Zoom into ${name}`}
        className={styles.main}
      >
        <CardImage src={current} alt={name} priority sizes={PRODUCT_IMAGE_SIZES} />
        {large && (
          <span className={styles.zoomHint}>
            <ZoomIn aria-hidden size={20} />
          </span>
        )}
      </button>
      {images.length > 1 && (
        <ul aria-label="Pictures" className={styles.thumbnails}>
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Picture ${i + 1}`}
                aria-current={i === selected}
                className={styles.thumbnail}
              >
                <CardImage src={image} alt="" sizes="64px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomOpened && large && (
        <Suspense fallback={null}>
          <ZoomDialog open={zoomed} onClose={() => setZoomed(false)} name={name} image={large} />
        </Suspense>
      )}
    </div>
  );
}
