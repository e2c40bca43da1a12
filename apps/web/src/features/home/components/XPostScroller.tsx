import { Box, Skeleton, Typography } from '@mui/material';
import { useXFeed } from '../api/useXFeed';
import { Notice } from './Notice';
import { XPostCard } from './XPostCard';

/** The feed itself: a horizontal, scroll-snapping row of posts (loaded on demand). */
export default function XPostScroller() {
  const feed = useXFeed();

  if (feed.isPending) {
    return (
      <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" sx={{ flex: '0 0 320px', height: 460 }} />
        ))}
      </Box>
    );
  }
  if (feed.isError) {
    return <Notice severity="error">Could not load X feed.</Notice>;
  }
  if (feed.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
        No recent posts to display.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Posts from X"
      tabIndex={0}
      data-testid="x-feed"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1,
        display: 'flex',
        gap: 2,
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        alignItems: 'flex-start',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {feed.data.map((post) => (
        <Box
          component="li"
          key={post.id}
          sx={{ flex: { xs: '0 0 86%', sm: '0 0 340px' }, scrollSnapAlign: 'start' }}
        >
          <XPostCard post={post} />
        </Box>
      ))}
    </Box>
  );
}
