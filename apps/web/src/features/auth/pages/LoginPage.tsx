import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { LoginRequest, SecondFactorCode, type SignedInResponse } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { applyServerError } from '@/lib/forms';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from '../components/AuthCard';
import { useLogin, useLoginTotp } from '../api/signIn';

/** Messages for the `error` query value the request layer sends people here with. */
const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  session_expired: 'Your session has expired. Please sign in again.',
  auth_recovery_failed:
    'We could not restore your session. Please sign in again to continue where you left off.',
};

/** Only a path on this site (never another origin: open redirect), and never back to /login. */
const safeRedirect = (value: string | null) => {
  const path = safeReturnPath(value);
  return path && !path.startsWith(paths.login.getHref()) ? path : paths.dashboard.getHref();
};

function TotpStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn(result: SignedInResponse): void;
  onRestart(): void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const totp = useLoginTotp();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = useRecovery ? code.trim() : code.replace(/\D/g, '');
    const parsed = SecondFactorCode.safeParse(value);
    if (!parsed.success || (!useRecovery && value.length !== 6)) {
      setFieldError(
        useRecovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your app',
      );
      return;
    }
    setFieldError(null);
    totp.mutate({ challengeToken, code: value }, { onSuccess: onSignedIn });
  };
  const expired = totp.error && /sign in again/i.test(totp.error.message);
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography>
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Typography>
        {totp.error && (
          <Alert
            severity="error"
            action={expired ? <Button onClick={onRestart}>Start over</Button> : undefined}
          >
            {totp.error.message}
          </Alert>
        )}
        <TextField
          key={useRecovery ? 'recovery' : 'totp'}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          value={code}
          autoFocus
          autoComplete="one-time-code"
          onChange={(e) =>
            setCode(useRecovery ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 6))
          }
          onPaste={(e) => {
            if (useRecovery) return;
            e.preventDefault();
            setCode(e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 6));
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          slotProps={{
            htmlInput: useRecovery
              ? { autoCapitalize: 'characters', spellCheck: false }
              : {
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  maxLength: 6,
                  style: { letterSpacing: '0.5em', fontSize: '1.5rem', textAlign: 'center' },
                },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={totp.isPending}>
          {totp.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" useFlexGap gap={1}>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
              setFieldError(null);
            }}
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Link>
          <Link component="button" type="button" onClick={onRestart}>
            Back to sign in
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}

/** /login: email and password, then the TOTP step when the account has two-factor on. */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const login = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const redirectTo = safeRedirect(searchParams.get('redirectTo'));
  const queryError = LOGIN_ERROR_MESSAGES[searchParams.get('error') ?? ''];
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { email: '', password: '' },
  });

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (!auth.isLoading && auth.isLoggedIn) navigate(redirectTo, { replace: true });
  }, [auth.isLoading, auth.isLoggedIn, navigate, redirectTo]);

  const finish = (result: SignedInResponse) => {
    auth.signedIn(result);
    navigate(redirectTo, { replace: true });
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: (result) =>
        'totpRequired' in result ? setChallenge(result.challengeToken) : finish(result),
      onError: (error) =>
        setFormError(applyServerError(error, form.setError, ['email', 'password'])),
    });
  });

  return (
    <AuthCard
      title={challenge ? 'Two-factor authentication' : 'Sign in'}
      subtitle={challenge ? 'One more step to keep your account safe.' : 'Welcome back, collector.'}
    >
      {queryError && !challenge && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {queryError}
        </Alert>
      )}
      {challenge ? (
        <TotpStep
          challengeToken={challenge}
          onSignedIn={finish}
          onRestart={() => {
            setChallenge(null);
            form.resetField('password');
          }}
        />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <FormTextField
              form={form}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
            />
            <FormTextField
              form={form}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
              <Link component={RouterLink} to={paths.forgotPassword.getHref()} variant="body2">
                Forgot your password?
              </Link>
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              New here?{' '}
              <Link
                component={RouterLink}
                to={paths.register.getHref({
                  redirectTo: safeReturnPath(searchParams.get('redirectTo')) ?? undefined,
                })}
              >
                Create an account
              </Link>
            </Typography>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
