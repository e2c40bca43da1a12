import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  PasswordChangeRequest,
  TotpDisableRequest,
  type PublicUser,
  type SessionInfo,
} from '@grail/contract';
import { RetryAlert } from '@/components/RetryAlert';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { dateTimeFormat } from '@/lib/format';
import { FormTextField } from '@/components/FormTextField';
import { applyServerError } from '@/lib/forms';
import { paths } from '@/lib/paths';
import { PasswordStrengthMeter } from '@/components/PasswordStrengthMeter';
import { DiscordLink } from './DiscordLink';
import { useDiscordStatus } from '@/lib/api/discord';
import {
  useChangePassword,
  useDisableTotp,
  useRevokeSession,
  useSessions,
} from '../api/useAccount';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function PasswordSetting() {
  const change = useChangePassword();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PasswordChangeRequest>({
    resolver: zodResolver(PasswordChangeRequest),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    change.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) =>
        setProblem(applyServerError(error, form.setError, ['currentPassword', 'newPassword'])),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        {change.isSuccess && (
          <Alert severity="success" role="status">
            {change.data.message}
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <FormTextField
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormTextField
          form={form}
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <PasswordStrengthMeter password={form.watch('newPassword')} />
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </Stack>
    </Box>
  );
}

function TwoFactorSetting({ user }: { user: PublicUser }) {
  const auth = useAuth();
  const disable = useDisableTotp();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TotpDisableRequest>({
    resolver: zodResolver(TotpDisableRequest),
    defaultValues: { password: '', code: '' },
  });

  if (!user.totpEnabled) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {disable.isSuccess && (
          <Alert severity="success" role="status">
            Two-factor sign-in is off.
          </Alert>
        )}
        <Typography color="text.secondary">
          Off. Turn it on to ask for a code from an authenticator app at every sign-in.
        </Typography>
        <Button component={RouterLink} to={paths.totpSetup.getHref()} variant="contained">
          Turn on two-factor
        </Button>
      </Stack>
    );
  }

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    disable.mutate(body, {
      onSuccess: () => void auth.refresh(),
      onError: (error) => setProblem(applyServerError(error, form.setError, ['password', 'code'])),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        <Typography color="text.secondary">
          On. To turn it off, confirm your password and a code from your app (or a recovery code).
        </Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <FormTextField form={form} name="code" label="Code" autoComplete="one-time-code" />
        <Button
          type="submit"
          variant="outlined"
          color="error"
          disabled={disable.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {disable.isPending ? 'Turning off...' : 'Turn off two-factor'}
        </Button>
      </Stack>
    </Box>
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
    <Box
      data-testid="session-row"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} title={session.userAgent ?? undefined}>
          {describeDevice(session.userAgent)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {session.ip ?? 'Unknown address'} · signed in {when(session.createdAt)} · last seen{' '}
          {when(session.lastSeenAt)}
        </Typography>
        {revoke.isError && (
          <Typography variant="body2" color="error">
            {revoke.error.message}
          </Typography>
        )}
      </Box>
      {session.current ? (
        <Chip size="small" color="primary" label="This device" />
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
    </Box>
  );
}

function SessionsSetting() {
  const sessions = useSessions();
  if (sessions.isPending) {
    return (
      <Stack spacing={1}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  }
  if (sessions.isError) {
    return (
      <RetryAlert onRetry={() => void sessions.refetch()}>Could not load your sessions.</RetryAlert>
    );
  }
  return (
    <Box>
      {sessions.data.map((session) => (
        <SessionRow key={session._id} session={session} />
      ))}
    </Box>
  );
}

/** Dashboard 'Settings': theme, password, two-factor, the signed-in devices and (flag on) Discord. */
export function SettingsTab({ user }: { user: PublicUser }) {
  const { flags } = usePublicConfig();
  const discord = useDiscordStatus({ enabled: flags.DISCORD_INTEGRATION });
  // Without the server's Discord keys linking cannot work: staff are told so (they can fix it),
  // a collector is not shown a control they cannot use.
  const discordShown =
    flags.DISCORD_INTEGRATION &&
    (user.role === 'admin' || discord.data?.available !== false || discord.data.linked);
  return (
    <Stack spacing={2}>
      <Section title="Password">
        <PasswordSetting />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSetting user={user} />
      </Section>
      <Section title="Where you are signed in">
        <SessionsSetting />
      </Section>
      {discordShown && (
        <Section title="Discord">
          <DiscordLink />
        </Section>
      )}
    </Stack>
  );
}
