import { Alert, Spinner, Switch } from '@/components/ui';
import type { FeatureFlag, SiteFlag } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';
import { useSetSiteFlag, useSiteFlags } from '../api/site';
import { MaintenanceSwitch } from '../components/MaintenanceSwitch';
import { SiteFeedPosts } from '../components/SiteFeedPosts';
import admin from '../admin.module.css';
import styles from './AdminSitePage.module.css';

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
    <div data-testid="site-flag" className={styles.flag}>
      <Switch
        label={`${text.name}: ${flag.enabled ? 'on' : 'off'}`}
        checked={set.isPending ? Boolean(set.variables?.enabled) : flag.enabled}
        disabled={pending}
        onCheckedChange={(enabled) => set.mutate({ flag: flag.flag, enabled })}
      />
      <p className={`${admin.muted} ${admin.small}`}>
        {text.description} Environment default: {flag.environmentDefault ? 'on' : 'off'}.
        {flag.changedAt &&
          ` Changed ${dateTimeFormat.format(new Date(flag.changedAt))} by ${flag.changedBy ?? 'a staff member'}.`}
      </p>
      {set.isError && <Alert severity="error">{set.error.message}</Alert>}
    </div>
  );
}

/**
 * /admin/site (staff only): maintenance mode, the feature flags (switched at run time for every
 * instance) and the posts the X feed shows without a token. Each change is in the audit log.
 */
export default function AdminSitePage() {
  const flags = useSiteFlags();
  return (
    <section className={admin.page}>
      <h1 className={`${admin.title} ${styles.title}`}>Site</h1>
      <p className={`${admin.muted} ${styles.intro}`}>
        Settings every instance follows within seconds. Each change is recorded in the audit log.
      </p>
      <div className={styles.panels}>
        <MaintenanceSwitch />
        <div className={admin.panel}>
          <h2 className={admin.heading}>Feature flags</h2>
          {flags.isPending ? (
            <Spinner label="Loading the feature flags" />
          ) : flags.isError ? (
            <Alert severity="error">{flags.error.message}</Alert>
          ) : (
            <div className={styles.flags}>
              {flags.data.map((flag) => (
                <FlagRow key={flag.flag} flag={flag} />
              ))}
            </div>
          )}
        </div>
        <SiteFeedPosts />
      </div>
    </section>
  );
}
