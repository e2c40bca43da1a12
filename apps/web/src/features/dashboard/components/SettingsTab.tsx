import type { ReactNode } from 'react';
import {
  PasswordChangeRequest,
  TotpDisableRequest,
  type PublicUser,
  type SessionInfo,
} from '@grail/contract';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  Form,
  FormSubmit,
  FormTextField,
  Skeleton,
} from '@/components/ui';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { dateTimeFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { DiscordLink } from './DiscordLink';
import { EmailSetting } from './EmailSetting';
import { NotificationSettings } from './NotificationSettings';
import { useDiscordStatus } from '@/lib/api/discord';
import {
  useChangePassword,
  useDisableTotp,
  useRevokeSession,
  useSessions,
} from '../api/useAccount';
import styles from './SettingsTab.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} as="section" className={styles.section}>
      {children}
    </Card>
  );
}

function PasswordSetting() {
  const change = useChangePassword();
  return (
    <Form
      schema={PasswordChangeRequest}
      defaultValues={{ currentPassword: '', newPassword: '' }}
      onSubmit={(body, form) => change.mutateAsync(body).then(() => form.reset())}
      className={styles.form}
    >
      {change.isSuccess && <Alert severity="success">{change.data.message}</Alert>}
      <FormTextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields name="newPassword" label="New password" />
      <FormSubmit size="medium" fullWidth={false} pendingText="Saving..." className={styles.submit}>
        Change password
      </FormSubmit>
    </Form>
  );
}

function TwoFactorSetting({ user }: { user: PublicUser }) {
  const auth = useAuth();
  const disable = useDisableTotp();

  if (!user.totpEnabled) {
    return (
      <div className={styles.stack}>
        {disable.isSuccess && <Alert severity="success">Two-factor sign-in is off.</Alert>}
        <p className={styles.secondary}>
          Off. Turn it on to ask for a code from an authenticator app at every sign-in.
        </p>
        <ButtonLink to={paths.totpSetup.getHref()} variant="contained" className={styles.submit}>
          Turn on two-factor
        </ButtonLink>
      </div>
    );
  }

  return (
    <Form
      schema={TotpDisableRequest}
      defaultValues={{ password: '', code: '' }}
      onSubmit={(body) => disable.mutateAsync(body).then(() => void auth.refresh())}
      className={styles.form}
    >
      <p className={styles.secondary}>
        On. To turn it off, confirm your password and a code from your app (or a recovery code).
      </p>
      <FormTextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField name="code" label="Code" autoComplete="one-time-code" />
      <FormSubmit
        variant="outlined"
        color="error"
        size="medium"
        fullWidth={false}
        pendingText="Turning off..."
        className={styles.submit}
      >
        Turn off two-factor
      </FormSubmit>
    </Form>
  );
}

/** 'Chrome on Linux' from a user agent: enough to recognise a device, no library needed. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

const when = (iso: string) => dateTimeFormat.format(new Date(iso));

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  return (
    <div data-testid="session-row" className={styles.session}>
      <div className={styles.device}>
        <p className={styles.deviceName} title={session.userAgent ?? undefined}>
          {describeDevice(session.userAgent)}
        </p>
        <p className={styles.secondarySmall}>
          {session.ip ?? 'Unknown address'} · signed in {when(session.createdAt)} · last seen{' '}
          {when(session.lastSeenAt)}
        </p>
        {revoke.isError && <p className={styles.error}>{revoke.error.message}</p>}
      </div>
      {session.current ? (
        <Badge tone="primary" variant="filled">
          This device
        </Badge>
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={() => revoke.mutate(session._id)}
          disabled={revoke.isPending}
        >
          Sign out
        </Button>
      )}
    </div>
  );
}

function SessionsSetting() {
  const sessions = useSessions();
  if (sessions.isPending) {
    return (
      <div className={styles.loading}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <LoadFailed onRetry={() => void sessions.refetch()}>Could not load your sessions.</LoadFailed>
    );
  }
  return (
    <div>
      {sessions.data.map((session) => (
        <SessionRow key={session._id} session={session} />
      ))}
    </div>
  );
}

/** Dashboard 'Settings': theme, e-mail address, password, two-factor, the signed-in devices and (flag on) Discord. */
export function SettingsTab({ user }: { user: PublicUser }) {
  const { flags } = usePublicConfig();
  const discord = useDiscordStatus({ enabled: flags.DISCORD_INTEGRATION });
  // Without the server's Discord keys linking cannot work: staff are told so (they can fix it),
  // a collector is not shown a control they cannot use.
  const discordShown =
    flags.DISCORD_INTEGRATION &&
    (user.role === 'admin' || discord.data?.available !== false || discord.data.linked);
  return (
    <div className={styles.sections}>
      <Section title="E-mail address">
        <EmailSetting user={user} />
      </Section>
      <Section title="Password">
        <PasswordSetting />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSetting user={user} />
      </Section>
      <Section title="Notifications">
        <NotificationSettings />
      </Section>
      <Section title="Where you are signed in">
        <SessionsSetting />
      </Section>
      {discordShown && (
        <Section title="Discord">
          <DiscordLink />
        </Section>
      )}
    </div>
  );
}
