import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { RetryAlert } from '@/components/RetryAlert';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useDiscordStatus } from '@/lib/api/discord';

/**
 * Where Discord's sign-in sends a collector back once their account is linked: it says so, and
 * offers our server (where they now have the Collector role and grail pulls are announced).
 */
export default function DiscordGrailSuccessPage() {
  const { flags } = usePublicConfig();
  const { user } = useAuth();
  const status = useDiscordStatus({ enabled: flags.DISCORD_INTEGRATION && Boolean(user) });
  const linked = status.data?.linked;
  // With the flag off, or without the server's Discord keys, there is nothing to link from.
  const offered = flags.DISCORD_INTEGRATION && status.data?.available !== false;

  return (
    <Box
      component="section"
      sx={{ py: { xs: 4, sm: 8 }, display: 'flex', justifyContent: 'center' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center' }}>
        {status.isLoading ? (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={64} height={64} />
            <Skeleton width="70%" height={48} />
            <Skeleton width="90%" />
          </Stack>
        ) : status.isError ? (
          <RetryAlert onRetry={() => void status.refetch()}>
            Could not check your Discord link.
          </RetryAlert>
        ) : linked ? (
          <>
            <CheckCircleRoundedIcon color="success" sx={{ fontSize: 64, mb: 1 }} />
            <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
              Discord linked
            </Typography>
            <Typography color="text.secondary" paragraph>
              Your Discord account{' '}
              {status.data?.username ? <strong>{status.data.username}</strong> : null} is linked to
              Grail Machine. Join our server: you have the Collector role there, and every grail
              pull is announced as it happens.
            </Typography>
          </>
        ) : !offered ? (
          <>
            <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
              Discord linking is not offered
            </Typography>
            <Typography color="text.secondary" paragraph>
              Grail Machine does not link Discord accounts at the moment.
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
              No Discord account linked
            </Typography>
            <Typography color="text.secondary" paragraph>
              Link your Discord account from the settings of your dashboard.
            </Typography>
          </>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          justifyContent="center"
          sx={{ mt: 3 }}
        >
          {linked && status.data?.serverUrl && (
            <Button
              href={status.data.serverUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="contained"
              size="large"
            >
              Join our Discord server
            </Button>
          )}
          {[
            offered || linked
              ? {
                  to: paths.dashboard.getHref({ tab: 'settings' }),
                  label: 'Back to my dashboard',
                  variant: linked ? ('outlined' as const) : ('contained' as const),
                }
              : { to: paths.home.getHref(), label: 'Go back home', variant: 'contained' as const },
            {
              to: paths.grailMachine.getHref(),
              label: 'Grail Machine',
              variant: 'outlined' as const,
            },
          ].map((link) => (
            <Button
              key={link.label}
              component={RouterLink}
              to={link.to}
              variant={link.variant}
              size="large"
            >
              {link.label}
            </Button>
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}
