import { lazy, Suspense } from 'react';
import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { useNearViewport } from '../useNearViewport';
import { NewArrivalsPlaceholder } from './NewArrivalsPlaceholder';
import { SectionHeading } from './SectionHeading';

// The grid's code (cards, prices) and its data load as the section nears the screen.
const NewArrivalsGrid = lazy(() => import('./NewArrivalsGrid'));

/** Section 5: the 4 newest store items, fetched when the section comes near the screen. */
export function NewArrivalsSection() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <Box component="section" aria-labelledby="new-arrivals-title">
      <SectionHeading id="new-arrivals-title">New Arrivals in Our Store!</SectionHeading>
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<NewArrivalsPlaceholder />}>
            <NewArrivalsGrid />
          </Suspense>
        ) : (
          <NewArrivalsPlaceholder />
        )}
      </div>
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button
          component={RouterLink}
          to={paths.store.getHref()}
          variant="outlined"
          size="large"
          sx={{ textTransform: 'none', fontWeight: 700 }}
        >
          View All Store Items
        </Button>
      </Box>
    </Box>
  );
}
