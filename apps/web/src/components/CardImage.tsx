import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { LAZY_IMAGE_MARGIN_PX } from '@grail/contract';
import { PLACEHOLDER_CARD_IMAGE, imageSources, resolveImageUrl } from '@/lib/images';
import { logger } from '@/lib/logger';
import ui from '@/lib/styles/ui.module.css';
import styles from './CardImage.module.css';

export interface CardImageProps {
  src: string | undefined;
  alt: string;
  /** Load at once (above the fold) instead of 200 px before the viewport. */
  eager?: boolean;
  /** The page's largest paint: loads at once and first, and shows without the fade-in. */
  priority?: boolean;
  /** The `sizes` attribute for the API's sm/md/lg variants. */
  sizes?: string;
}

/**
 * A card picture in a 5:7 box: the image rules of resolveImageUrl, lazy loading that
 * starts 200 px before the viewport, and the placeholder card when the picture is missing (logged
 * as a warning: a card may have no photo yet) or fails to load (logged as an error).
 */
export function CardImage({
  src,
  alt,
  eager: eagerProp = false,
  priority = false,
  sizes = '(max-width: 600px) 50vw, 320px',
}: CardImageProps) {
  const eager = eagerProp || priority;
  const url = resolveImageUrl(src);
  const boxRef = useRef<HTMLDivElement>(null);
  const [nearViewport, setNearViewport] = useState(eager);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const failed = url !== null && failedUrl === url;

  useEffect(() => {
    if (url === null) logger.warn('Card image missing', { alt });
  }, [url, alt]);

  useEffect(() => {
    if (nearViewport) return;
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      setNearViewport(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNearViewport(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [nearViewport]);

  const showPlaceholder = url === null || failed;
  const sources = showPlaceholder ? { src: PLACEHOLDER_CARD_IMAGE } : imageSources(url);
  const loaded = showPlaceholder || priority || loadedUrl === url;

  return (
    <div ref={boxRef} data-testid="card-image" className={styles.frame}>
      {nearViewport && (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? sizes : undefined}
          alt={alt}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setLoadedUrl(url)}
          onError={() => {
            if (showPlaceholder || url === null) return;
            logger.error('Failed to load card image', { src: url, alt });
            setFailedUrl(url);
          }}
          className={clsx(styles.image, loaded && styles.loaded)}
        />
      )}
      {failed && (
        <span role="status" className={clsx(ui.caption, styles.failed)}>
          Failed to load image
        </span>
      )}
    </div>
  );
}
