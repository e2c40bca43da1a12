import {
  Alert,
  Box,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { FeatureFlag, SiteFlag } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';
import { useSetSiteFlag, useSiteFlags } from '../api/site';
import { MaintenanceSwitch } from '../components/MaintenanceSwitch';
import { SiteFeedPosts } from '../components/SiteFeedPosts';

const FLAG_TEXT: Record<FeatureFlag, { name: string; description: string }> = {
  BREAKS_ENABLED: {
    name: 'Group breaks',
    description: 'The breaks pages, their links and the staff breaks queue.',
  },
  ADVANCED_ANALYTICS: {
    name: 'Analytics',
    description:
      'The staff analytics dashboard and, with a measurement id, site analytics after consent.',
  },
  DISCORD_INTEGRATION: {
    name: 'Discord',
    description: 'Linking accounts with Discord and announcing grail pulls on the server.',
  },
};

function FlagRow({ flag }: { flag: SiteFlag }) {
  const set = useSetSiteFlag();
  const text = FLAG_TEXT[flag.flag];
  const pending = set.isPending;
  return (
    <Box data-testid="site-flag">
      <FormControlLabel
        control={
          <Switch
            checked={set.isPending ? Boolean(set.variables?.enabled) : flag.enabled}
            disabled={pending}
            onChange={(e) => set.mutate({ flag: flag.flag, enabled: e.target.checked })}
          />
        }
        label={`${text.name}: ${flag.enabled ? 'on' : 'off'}`}
      />
      <Typography variant="body2" color="text.secondary">
        {text.description} Environment default: {flag.environmentDefault ? 'on' : 'off'}.
        {flag.changedAt &&
          ` Changed ${dateTimeFormat.format(new Date(flag.changedAt))} by ${flag.changedBy ?? 'a staff member'}.`}
      </Typography>
      {set.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {set.error.message}
        </Alert>
      )}
    </Box>
  );
}

/**
 * /admin/site (staff only): maintenance mode, the feature flags (switched at run time for every
 * instance) and the posts the X feed shows without a token. Each change is in the audit log.
 */
export default function AdminSitePage() {
  const flags = useSiteFlags();
  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
        Site
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Settings every instance follows within seconds. Each change is recorded in the audit log.
      </Typography>
      <Stack spacing={3}>
        <MaintenanceSwitch />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Feature flags
          </Typography>
          {flags.isPending ? (
            <CircularProgress aria-label="Loading the feature flags" />
          ) : flags.isError ? (
            <Alert severity="error">{flags.error.message}</Alert>
          ) : (
            <Stack spacing={2}>
              {flags.data.map((flag) => (
                <FlagRow key={flag.flag} flag={flag} />
              ))}
            </Stack>
          )}
        </Paper>
        <SiteFeedPosts />
      </Stack>
    </Box>
  );
}
