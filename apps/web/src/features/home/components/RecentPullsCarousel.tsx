import { useRef } from 'react';
import { Box, IconButton, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { CardImage } from '@/components/CardImage';
import type { RecentPull } from '../api/useRecentPulls';
import { cardSource } from './cardSource';
import { SectionHeading } from './SectionHeading';

const CARD_WIDTH = 168;

/** "Recently Pulled Grails": a horizontal, scroll-snapping row of the latest pulls. */
export function RecentPullsCarousel({ pulls }: { pulls: RecentPull[] }) {
  const track = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * (CARD_WIDTH + 16) * 2, behavior: 'smooth' });

  return (
    <Box>
      <SectionHeading id="recent-pulls-title">Recently Pulled Grails</SectionHeading>
      <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          aria-label="Scroll recent pulls left"
          onClick={() => scrollBy(-1)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <ChevronLeft />
        </IconButton>
        <Box
          component="ul"
          ref={track}
          aria-labelledby="recent-pulls-title"
          tabIndex={0}
          data-testid="recent-pulls"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 1,
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            flex: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          {pulls.map((pull, index) => (
            <Box
              component="li"
              key={pull._id}
              sx={{ flex: `0 0 ${CARD_WIDTH}px`, scrollSnapAlign: 'start', textAlign: 'center' }}
            >
              <CardImage
                src={cardSource(pull)}
                alt={pull.name || 'Mystery Card'}
                eager={index < 4}
                sizes={`${CARD_WIDTH}px`}
              />
              <Typography variant="subtitle2" component="p" sx={{ mt: 1, fontWeight: 700 }} noWrap>
                {pull.name || 'Mystery Card'}
              </Typography>
              {pull.grade && (
                <Typography variant="body2" color="text.secondary">
                  {pull.grade}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
        <IconButton
          aria-label="Scroll recent pulls right"
          onClick={() => scrollBy(1)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
