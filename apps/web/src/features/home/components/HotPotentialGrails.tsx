import { useEffect, useState } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { SHOWCASE_INTERVAL_MS, SHOWCASE_SIZE } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { useCarouselCards } from '../api/useCarouselCards';
import { cardSource } from './cardSource';
import { SectionHeading } from './SectionHeading';

/**
 * "Hot Potential Grails!": 3 cards at a time from the carousel cards, the next 3 every 5000 ms,
 * wrapping around. Hovering or focusing it holds the current 3 so they can be read.
 */
export function HotPotentialGrails() {
  const cards = useCarouselCards();
  const list = cards.data ?? [];
  const [offset, setOffset] = useState(0);
  const [held, setHeld] = useState(false);
  const rotates = list.length > SHOWCASE_SIZE;

  useEffect(() => {
    if (!rotates || held) return;
    const timer = setInterval(
      () => setOffset((current) => (current + SHOWCASE_SIZE) % list.length),
      SHOWCASE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [rotates, held, list.length]);

  const shown = Array.from(
    { length: Math.min(SHOWCASE_SIZE, list.length) },
    (_, i) => list[(offset + i) % list.length]!,
  );

  return (
    <Box
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <SectionHeading id="hot-grails-title">Hot Potential Grails!</SectionHeading>
      <Typography
        variant="body1"
        color="text.secondary"
        sx={{ textAlign: 'center', mb: 3, fontSize: '1.05rem' }}
      >
        A taste of what could be waiting in the Grail Machine!
      </Typography>
      <Box
        component="ul"
        aria-labelledby="hot-grails-title"
        data-testid="hot-grails"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: { xs: 1.5, sm: 3 },
          maxWidth: 720,
          mx: 'auto',
        }}
      >
        {cards.isPending
          ? Array.from({ length: SHOWCASE_SIZE }, (_, i) => (
              <Box component="li" key={i}>
                <Skeleton
                  variant="rounded"
                  sx={{ width: '100%', height: 'auto', aspectRatio: '5 / 7' }}
                />
                <Skeleton width="80%" sx={{ mx: 'auto', mt: 1 }} />
                <Skeleton width="60%" sx={{ mx: 'auto' }} />
                <Skeleton width="50%" sx={{ mx: 'auto' }} />
              </Box>
            ))
          : shown.map((card, i) => (
              <Box component="li" key={`${card._id}-${i}`} sx={{ textAlign: 'center' }}>
                <CardImage
                  src={cardSource(card)}
                  alt={card.name}
                  eager
                  sizes="(max-width: 600px) 30vw, 224px"
                />
                <Typography
                  variant="subtitle2"
                  component="p"
                  sx={{
                    mt: 1,
                    fontWeight: 700,
                    fontSize: { xs: '0.78rem', sm: '0.875rem' },
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    minHeight: '2.9em',
                  }}
                >
                  {card.name}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ fontSize: { xs: '0.75rem', sm: '0.875rem' }, whiteSpace: 'nowrap' }}
                >
                  FMV {formatUsd(card.fmv)}
                </Typography>
              </Box>
            ))}
      </Box>
    </Box>
  );
}
