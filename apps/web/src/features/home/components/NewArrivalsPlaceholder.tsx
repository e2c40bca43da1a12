import { Box, Skeleton } from '@mui/material';
import { STORE_NEW_ARRIVALS } from '@grail/contract';

export const newArrivalsGrid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: { xs: 2, md: 3 },
} as const;

/** The grid's shape while it loads, so the sections below keep their place. */
export function NewArrivalsPlaceholder() {
  return (
    <Box component="ul" sx={newArrivalsGrid} aria-hidden>
      {Array.from({ length: STORE_NEW_ARRIVALS }, (_, i) => (
        <Box component="li" key={i}>
          <Skeleton variant="rounded" sx={{ height: 'auto', aspectRatio: '5 / 7' }} />
          <Skeleton width="90%" />
          <Skeleton width="40%" />
        </Box>
      ))}
    </Box>
  );
}
