import { Box, Typography } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The wordmark: a gold slab star and the name, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box
      component={Link}
      to={paths.home.getHref()}
      onClick={onNavigate}
      aria-label="Grail Machine home"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 34, height: 34 }} />
      <Box>
        <Typography
          sx={{ fontWeight: 900, letterSpacing: '0.08em', lineHeight: 1.05, fontSize: 17 }}
        >
          GRAIL
        </Typography>
        <Typography
          sx={{
            fontWeight: 800,
            letterSpacing: '0.22em',
            lineHeight: 1.05,
            fontSize: 11,
            color: 'secondary.main',
          }}
        >
          MACHINE
        </Typography>
      </Box>
    </Box>
  );
}
