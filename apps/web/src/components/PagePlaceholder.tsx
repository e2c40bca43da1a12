import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';

/**
 * A finished-looking page for a screen whose full content another issue builds: its title, what
 * will be there, and a way back to the live parts of the site.
 */
export function PagePlaceholder({
  title,
  children,
  features,
}: {
  title: string;
  children?: ReactNode;
  /** What the page will offer, listed under the description. */
  features?: string[];
}) {
  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto', py: { xs: 2, md: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 4 }}>
        <Box sx={{ color: 'secondary.main', mb: 1 }}>
          <AutoAwesomeOutlined fontSize="large" />
        </Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
          {children}
        </Typography>
        {features && features.length > 0 && (
          <Box
            component="ul"
            sx={{ mt: 2, mb: 0, pl: 3, color: 'text.secondary', '& li': { mb: 0.5 } }}
          >
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button
            component={Link}
            to={paths.grailMachine.getHref()}
            variant="contained"
            color="secondary"
          >
            Enter the Grail Machine
          </Button>
          <Button component={Link} to={paths.store.getHref()} variant="outlined">
            Browse the Store
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
