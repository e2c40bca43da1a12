import { useEffect } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import Construction from '@mui/icons-material/Construction';
import { MAINTENANCE_PAGE_POLL_MS } from '@grail/contract';

const startedAtFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * SPEC §2 maintenance page: the only screen while maintenance is on. Every 5 minutes it sends
 * HEAD / and goes to / once the site answers.
 */
export function MaintenancePage({ startedAt }: { startedAt: string | null }) {
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch('/', { method: 'HEAD', cache: 'no-store' });
        if (response.ok) window.location.assign('/');
      } catch {
        // Still unreachable: try again at the next tick.
      }
    }, MAINTENANCE_PAGE_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560, textAlign: 'center', borderRadius: 4 }}
      >
        <Box sx={{ color: 'secondary.main', '& svg': { fontSize: 64 } }}>
          <Construction />
        </Box>
        <Typography variant="h3" component="h1" sx={{ mt: 1, mb: 2, fontSize: { xs: 32, sm: 40 } }}>
          Under Maintenance
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We are polishing the slabs and restocking the case. The Grail Machine will be back
          shortly; this page reloads by itself when we are done.
        </Typography>
        {startedAt && (
          <Typography data-testid="maintenance-started" sx={{ fontWeight: 600 }}>
            Maintenance started{' '}
            <time dateTime={startedAt}>{startedAtFormat.format(new Date(startedAt))}</time>
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
