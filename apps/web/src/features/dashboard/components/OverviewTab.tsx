import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import type { PublicUser } from '@grail/contract';
import { dateFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useResendVerification } from '../api/useAccount';

/** The day an account was made: November 21, 2026. */
const memberSinceFormat = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
const memberSince = (iso: string) => memberSinceFormat.format(new Date(iso));

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%', borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    // The value keeps its column beside the label and wraps within it (a long e-mail on a phone).
    <Box sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary" sx={{ flex: 'none', width: { xs: 112, sm: 120 } }}>
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function EmailVerification({ user }: { user: PublicUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) return <Chip color="success" size="small" label="Verified" />;
  return (
    <Stack spacing={1.5}>
      <Chip color="warning" size="small" label="Not verified" sx={{ alignSelf: 'flex-start' }} />
      <Typography variant="body2" color="text.secondary">
        Open the link we emailed to {user.email}. You need a verified email to buy packs and cards.
      </Typography>
      {resend.isSuccess ? (
        <Alert severity="success" role="status">
          {resend.data.message}
        </Alert>
      ) : (
        <Button
          variant="outlined"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
      )}
      {resend.isError && <Alert severity="error">{resend.error.message}</Alert>}
    </Stack>
  );
}

/** Dashboard 'Overview': the account, its verification, profile and two-factor state. */
export function OverviewTab({ user }: { user: PublicUser }) {
  const complete = user.profileComplete;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Account">
          <Row label="Username" value={user.username} />
          <Row label="Email" value={user.email} />
          <Row label="Name" value={user.displayName ?? '—'} />
          <Row label="Member since" value={memberSince(user.createdAt)} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Email">
          <EmailVerification user={user} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Profile">
          <Stack spacing={1.5}>
            <Chip
              color={complete ? 'success' : 'warning'}
              size="small"
              label={complete ? 'Complete' : 'Incomplete'}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Typography variant="body2" color="text.secondary">
              {complete ? (
                <>
                  Cards ship to {user.shippingAddress?.line1}, {user.shippingAddress?.city}.
                </>
              ) : (
                'Add your name, date of birth and shipping address before your first pack.'
              )}
            </Typography>
            <Button
              component={RouterLink}
              to={paths.completeProfile.getHref()}
              variant={complete ? 'text' : 'contained'}
              sx={{ alignSelf: 'flex-start' }}
            >
              {complete ? 'Edit profile' : 'Complete your profile'}
            </Button>
          </Stack>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Two-factor sign-in">
          <Stack spacing={1.5}>
            <Chip
              color={user.totpEnabled ? 'success' : 'default'}
              size="small"
              label={user.totpEnabled ? 'On' : 'Off'}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Typography variant="body2" color="text.secondary">
              {user.totpEnabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Protect your wallet and pulls with a code from an authenticator app.'}
            </Typography>
            {!user.totpEnabled && (
              <Button
                component={RouterLink}
                to={paths.totpSetup.getHref()}
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
              >
                Turn on two-factor
              </Button>
            )}
          </Stack>
        </Panel>
      </Grid>
    </Grid>
  );
}
