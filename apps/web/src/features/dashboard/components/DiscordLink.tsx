import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { RetryAlert } from '@/components/RetryAlert';
import { dateTimeFormat } from '@/lib/format';
import { useDiscordStatus, useStartDiscordLink, useUnlinkDiscord } from '@/lib/api/discord';

const OUTCOME_MESSAGES: Record<string, string> = {
  refused:
    'Discord did not link: the request expired or did not come from this browser. Try again.',
  failed: 'Discord did not answer as expected. Try again in a moment.',
};

/**
 * The dashboard's Discord card: link (Discord's page asks the collector, then the site gives the
 * Collector role in our server), see the linked name, or unlink. Mounted only while
 * DISCORD_INTEGRATION is on.
 */
export function DiscordLink() {
  const status = useDiscordStatus();
  const start = useStartDiscordLink();
  const unlink = useUnlinkDiscord();
  const [searchParams] = useSearchParams();
  const outcome = OUTCOME_MESSAGES[searchParams.get('discord') ?? ''];

  if (status.isPending) return <Skeleton height={56} />;
  if (status.isError) {
    return (
      <RetryAlert onRetry={() => void status.refetch()}>
        Could not load your Discord link.
      </RetryAlert>
    );
  }
  const { available, linked, username, linkedAt, serverUrl } = status.data;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {outcome && !linked && <Alert severity="warning">{outcome}</Alert>}
      {linked ? (
        <Box>
          <Typography>
            Linked to <strong>{username}</strong>
          </Typography>
          {linkedAt && (
            <Typography variant="body2" color="text.secondary">
              Since {dateTimeFormat.format(new Date(linkedAt))}
            </Typography>
          )}
        </Box>
      ) : (
        <Typography color="text.secondary">
          Link your Discord account to join our server with the Collector role and see grail pulls
          as they happen.
        </Typography>
      )}
      {(start.isError || unlink.isError) && (
        <Alert severity="error">{(start.error ?? unlink.error)?.message}</Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {linked ? (
          <>
            {serverUrl && (
              <Button
                variant="contained"
                href={serverUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open our Discord server
              </Button>
            )}
            <Button variant="outlined" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
              {unlink.isPending ? 'Unlinking…' : 'Unlink Discord'}
            </Button>
          </>
        ) : available ? (
          <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? 'Opening Discord…' : 'Link Discord'}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Discord linking is not available: the server has no Discord keys set.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
