import { Link as RouterLink } from 'react-router';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { BreaksAdmin } from '../components/BreaksAdmin';

/** /admin/breaks (staff, breaks on): selling, running and shipping group breaks. */
export default function AdminBreaksPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <CircularProgress aria-label="Loading" />;
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Link component={RouterLink} to={paths.admin.getHref()} variant="body2">
        ← Admin
      </Link>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800, mt: 1 }}>
        Breaks
      </Typography>
      {user?.role === 'admin' ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Draft a break, put its spots on sale, start it when it fills, enter each hit as its pack
            is opened, then end it. Claimed hits join the shipments due on the admin page.
          </Typography>
          <BreaksAdmin />
        </>
      ) : (
        <Alert severity="warning">Administrators only.</Alert>
      )}
    </Box>
  );
}
