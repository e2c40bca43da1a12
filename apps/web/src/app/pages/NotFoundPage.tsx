import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <Box
      component="section"
      sx={{ textAlign: 'center', py: { xs: 8, md: 12 }, px: 2, maxWidth: 560, mx: 'auto' }}
    >
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 88, md: 120 },
          fontWeight: 900,
          lineHeight: 1,
          color: 'secondary.main',
          letterSpacing: '-0.04em',
        }}
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2 }} gutterBottom>
        404 - Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Sorry, the page you are looking for does not exist.
      </Typography>
      <Button
        component={Link}
        to={paths.home.getHref()}
        variant="contained"
        size="large"
        startIcon={<HomeOutlined />}
      >
        Go back home
      </Button>
    </Box>
  );
}
