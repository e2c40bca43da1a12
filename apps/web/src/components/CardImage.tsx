import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { LAZY_IMAGE_MARGIN_PX } from '@grail/contract';
import { PLACEHOLDER_CARD_IMAGE, imageSources, resolveImageUrl } from '@/lib/images';
import { logger } from '@/lib/logger';

export interface CardImageProps {
  src: string | undefined;
  alt: string;
  /** Load at once (above the fold) instead of 200 px before the viewport. */
  eager?: boolean;
  /** The `sizes` attribute for the API's sm/md/lg variants. */
  sizes?: string;
}

/**
 * A card picture in a 5:7 box (SPEC §3): the image rules of resolveImageUrl, lazy loading that
 * starts 200 px before the viewport, and the placeholder card (plus a logged error) when the
 * picture is missing or fails.
 */
export function CardImage({
  src,
  alt,
  eager = false,
  sizes = '(max-width: 600px) 50vw, 320px',
}: CardImageProps) {
  const url = resolveImageUrl(src);
  const boxRef = useRef<HTMLDivElement>(null);
  const [nearViewport, setNearViewport] = useState(eager);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const failed = url !== null && failedUrl === url;

  useEffect(() => {
    if (url === null) logger.error('Card image missing', { alt });
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
  const loaded = showPlaceholder || loadedUrl === url;

  return (
    <Box
      ref={boxRef}
      data-testid="card-image"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '5 / 7',
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {nearViewport && (
        <Box
          component="img"
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? sizes : undefined}
          alt={alt}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          onLoad={() => setLoadedUrl(url)}
          onError={() => {
            if (showPlaceholder || url === null) return;
            logger.error('Failed to load card image', { src: url, alt });
            setFailedUrl(url);
          }}
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: 'block',
            opacity: loaded ? 1 : 0,
            transition: 'opacity 250ms ease',
          }}
        />
      )}
      {failed && (
        <Typography
          role="status"
          variant="caption"
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            py: 0.5,
            textAlign: 'center',
            bgcolor: 'rgba(8, 14, 28, 0.82)',
            color: '#f1f4fa',
          }}
        >
          Failed to load image
        </Typography>
      )}
    </Box>
  );
}
