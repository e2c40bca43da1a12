import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Alert, Button, ButtonLink, Skeleton } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import { useDiscordStatus, useStartDiscordLink, useUnlinkDiscord } from '@/lib/api/discord';
import styles from './DiscordLink.module.css';

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

  if (status.isPending) return <Skeleton variant="rounded" height={56} />;
  if (status.isError) {
    return (
      <LoadFailed onRetry={() => void status.refetch()}>
        Could not load your Discord link.
      </LoadFailed>
    );
  }
  const { available, linked, username, linkedAt, serverUrl } = status.data;
  return (
    <div className={styles.card}>
      {outcome && !linked && <Alert severity="warning">{outcome}</Alert>}
      {linked ? (
        <div>
          <p className={styles.text}>
            Linked to <strong>{username}</strong>
          </p>
          {linkedAt && (
            <p className={styles.note}>Since {dateTimeFormat.format(new Date(linkedAt))}</p>
          )}
        </div>
      ) : (
        <p className={styles.secondary}>
          Link your Discord account to join our server with the Collector role and see grail pulls
          as they happen.
        </p>
      )}
      {(start.isError || unlink.isError) && (
        <Alert severity="error">{(start.error ?? unlink.error)?.message}</Alert>
      )}
      <div className={styles.actions}>
        {linked ? (
          <>
            {serverUrl && (
              <ButtonLink
                variant="contained"
                href={serverUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open our Discord server
              </ButtonLink>
            )}
            <Button
              variant="outlined"
              onClick={() => unlink.mutate()}
              loading={unlink.isPending}
              loadingText="Unlinking…"
            >
              Unlink Discord
            </Button>
          </>
        ) : available ? (
          <Button
            variant="contained"
            onClick={() => start.mutate()}
            loading={start.isPending}
            loadingText="Opening Discord…"
          >
            Link Discord
          </Button>
        ) : (
          <p className={styles.note}>
            Discord linking is not available: the server has no Discord keys set.
          </p>
        )}
      </div>
    </div>
  );
}
