import clsx from 'clsx';
import { CircleCheck } from 'lucide-react';
import { ButtonLink, Card, Skeleton } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useDiscordStatus } from '@/lib/api/discord';
import styles from './DiscordGrailSuccessPage.module.css';

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
    <section className={styles.page}>
      <Card className={styles.panel}>
        {status.isLoading ? (
          <div className={styles.loading} aria-busy="true">
            <Skeleton variant="circle" width={64} height={64} />
            <Skeleton width="70%" height={48} />
            <Skeleton width="90%" />
          </div>
        ) : status.isError ? (
          <LoadFailed onRetry={() => void status.refetch()}>
            Could not check your Discord link.
          </LoadFailed>
        ) : linked ? (
          <>
            <CircleCheck aria-hidden className={styles.icon} />
            <h1 className={clsx(ui.h4, styles.title)}>Discord linked</h1>
            <p className={clsx(ui.body1, ui.secondaryText)}>
              Your Discord account{' '}
              {status.data?.username ? <strong>{status.data.username}</strong> : null} is linked to
              Grail Machine. Join our server: you have the Collector role there, and every grail
              pull is announced as it happens.
            </p>
          </>
        ) : !offered ? (
          <>
            <h1 className={clsx(ui.h4, styles.title)}>Discord linking is not offered</h1>
            <p className={clsx(ui.body1, ui.secondaryText)}>
              Grail Machine does not link Discord accounts at the moment.
            </p>
          </>
        ) : (
          <>
            <h1 className={clsx(ui.h4, styles.title)}>No Discord account linked</h1>
            <p className={clsx(ui.body1, ui.secondaryText)}>
              Link your Discord account from the settings of your dashboard.
            </p>
          </>
        )}
        <div className={styles.actions}>
          {linked && status.data?.serverUrl && (
            <ButtonLink
              href={status.data.serverUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="contained"
              size="large"
            >
              Join our Discord server
            </ButtonLink>
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
            <ButtonLink key={link.label} to={link.to} variant={link.variant} size="large">
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </Card>
    </section>
  );
}
