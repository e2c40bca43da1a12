import { Box, CircularProgress, Typography } from '@mui/material';
import { RECENT_PULLS_CAROUSEL_MIN } from '@grail/contract';
import { useActiveGrailCase } from '../api/useActiveGrailCase';
import { useCarouselCards } from '../api/useCarouselCards';
import { useRecentPulls } from '../api/useRecentPulls';
import { grailStatus } from '../grailStatus';
import { HotPotentialGrails } from './HotPotentialGrails';
import { Notice } from './Notice';
import { RecentPullsCarousel } from './RecentPullsCarousel';

/**
 * The tallest state (the showcase with a notice above it) decides this height, so whichever state
 * arrives, the sections below stay where they were painted. Content starts at the top, so a
 * state growing inside the box moves nothing either.
 */
export const STATUS_BLOCK_MIN_HEIGHT = { xs: 440, sm: 560, md: 560 };

const opensAtFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Section 4: the Grail Machine status block (SPEC §2 and §4). */
export function GrailStatusSection() {
  const activeCase = useActiveGrailCase();
  const recentPulls = useRecentPulls();
  // Asked for alongside the status (not after it), so the showcase needs no second round trip.
  useCarouselCards();
  const status = grailStatus(activeCase, new Date());
  // SPEC §8: a failed pulls call empties the list (so the showcase takes over).
  const pulls = recentPulls.isError ? [] : (recentPulls.data ?? []);
  const loading = status.kind === 'loading' || (status.kind === 'active' && recentPulls.isPending);

  return (
    <Box
      component="section"
      aria-label="Grail Machine status"
      aria-busy={loading}
      data-testid="grail-status"
      sx={{
        minHeight: STATUS_BLOCK_MIN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-start',
      }}
    >
      {loading ? (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, pt: 6 }}
        >
          <CircularProgress size={28} aria-hidden />
          <Typography variant="h6" component="p">
            Loading Grail Status...
          </Typography>
        </Box>
      ) : status.kind === 'inactive' ? (
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', pt: 6 }}>
          {status.failed && <Notice severity="error">Could not load Grail Machine status.</Notice>}
          <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
            Next Grail Case Loading...
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ fontSize: '1.1rem' }}>
            The current Grail Machine is sold out or being updated. Stay tuned for the next exciting
            case drop!
          </Typography>
        </Box>
      ) : (
        <Box>
          {status.upcoming && (
            <Typography
              variant="subtitle1"
              component="p"
              sx={{ textAlign: 'center', fontWeight: 700, color: 'secondary.main', mb: 1 }}
            >
              Next case opens {opensAtFormat.format(status.opensAt)}
            </Typography>
          )}
          {recentPulls.isError && <Notice severity="warning">Could not load recent pulls.</Notice>}
          {pulls.length >= RECENT_PULLS_CAROUSEL_MIN ? (
            <RecentPullsCarousel pulls={pulls} />
          ) : (
            <HotPotentialGrails />
          )}
        </Box>
      )}
    </Box>
  );
}
