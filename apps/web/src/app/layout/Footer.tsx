import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { ThemeToggle } from './ThemeToggle';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        px: { xs: 2, md: 4 },
        py: 3,
        pb: { xs: 3, md: 3 },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Grail Machine. Graded and raw sports cards, shipped within 48
          hours.
        </Typography>
        <Stack
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}
        >
          <MuiLink
            component={Link}
            to={paths.privacyPolicy.getHref()}
            color="text.primary"
            underline="hover"
          >
            Privacy Policy
          </MuiLink>
          <MuiLink
            component={Link}
            to={paths.termsOfService.getHref()}
            color="text.primary"
            underline="hover"
          >
            Terms of Service
          </MuiLink>
          <ThemeToggle />
        </Stack>
      </Stack>
    </Box>
  );
}
