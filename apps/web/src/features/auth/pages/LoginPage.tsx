import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import clsx from 'clsx';
import type { LoginRequest, SignedInResponse } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { lazyResolver } from '@/lib/forms';
import { AuthHealthCheck } from '@/components/AuthHealthCheck';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Form } from '@/components/ui/Form';
import { FormSubmit, FormTextField } from '@/components/ui/FormFields';
import ui from '@/lib/styles/ui.module.css';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useLogin, useLoginTotp } from '../api/signIn';

/** Messages for the `error` query value the request layer sends people here with. */
const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  session_expired: 'Your session has expired. Please sign in again.',
  auth_recovery_failed:
    'We could not restore your session. Please sign in again to continue where you left off.',
};

const loginResolver = lazyResolver<LoginRequest>(() =>
  import('../forms/schemas').then((m) => m.loginResolver),
);

/** Only a path on this site (never another origin: open redirect), and never back to /login. */
const safeRedirect = (value: string | null) => {
  const path = safeReturnPath(value);
  return path && !path.startsWith(paths.login.getHref()) ? path : paths.dashboard.getHref();
};

/** The second step's two codes, each checked by its contract rule once the page is up. */
const codeResolvers = {
  totp: lazyResolver<{ code: string }>(() =>
    import('../forms/schemas').then((m) => m.authenticatorCodeResolver),
  ),
  recovery: lazyResolver<{ code: string }>(() =>
    import('../forms/schemas').then((m) => m.recoveryCodeResolver),
  ),
};
const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 6);

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
  // A challenge that ran out: only starting over helps, so its message offers that.
  const [expired, setExpired] = useState<string | null>(null);
  const totp = useLoginTotp();
  return (
    <Form
      key={useRecovery ? 'recovery' : 'totp'}
      resolver={useRecovery ? codeResolvers.recovery : codeResolvers.totp}
      defaultValues={{ code: '' }}
      onSubmit={async ({ code }) => {
        setExpired(null);
        try {
          onSignedIn(await totp.mutateAsync({ challengeToken, code }));
        } catch (error) {
          if (!(error instanceof Error) || !/sign in again/i.test(error.message)) throw error;
          setExpired(error.message);
        }
      }}
    >
      <p className={ui.body1}>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {expired && (
        <Alert
          action={
            <Button variant="text" onClick={onRestart}>
              Start over
            </Button>
          }
        >
          {expired}
        </Alert>
      )}
      <FormTextField
        name="code"
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        autoFocus
        autoComplete="one-time-code"
        helperText={'\u00a0'}
        {...(useRecovery
          ? { autoCapitalize: 'characters', spellCheck: false }
          : {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              normalize: digitsOnly,
              className: styles.code,
            })}
      />
      <FormSubmit pendingText="Verifying...">Verify</FormSubmit>
      <div className={styles.row}>
        <button
          type="button"
          className={clsx(ui.textLink, styles.linkButton)}
          onClick={() => {
            setUseRecovery(!useRecovery);
            setExpired(null);
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className={clsx(ui.textLink, styles.linkButton)} onClick={onRestart}>
          Back to sign in
        </button>
      </div>
    </Form>
  );
}

/** /login: email and password, then the TOTP step when the account has two-factor on. */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const login = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  // The address typed before the two-factor step, kept for 'Back to sign in'.
  const [email, setEmail] = useState('');
  const redirectTo = safeRedirect(searchParams.get('redirectTo'));
  const queryError = LOGIN_ERROR_MESSAGES[searchParams.get('error') ?? ''];

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (!auth.isLoading && auth.isLoggedIn) navigate(redirectTo, { replace: true });
  }, [auth.isLoading, auth.isLoggedIn, navigate, redirectTo]);

  const finish = (result: SignedInResponse) => {
    auth.signedIn(result);
    // Staff start in the console, unless they were on their way somewhere.
    const staffHome = result.user.role === 'admin' && !searchParams.get('redirectTo');
    navigate(staffHome ? paths.admin.getHref() : redirectTo, { replace: true });
  };

  const onSubmit = async (values: LoginRequest) => {
    const result = await login.mutateAsync(values);
    setEmail(values.email);
    if ('totpRequired' in result) setChallenge(result.challengeToken);
    else finish(result);
  };

  return (
    <AuthCard
      title={challenge ? 'Two-factor authentication' : 'Sign in'}
      subtitle={challenge ? 'One more step to keep your account safe.' : 'Welcome back, collector.'}
    >
      {queryError && !challenge && (
        <div className={styles.notice}>
          <Alert severity="warning">{queryError}</Alert>
        </div>
      )}
      {challenge ? (
        <TotpStep
          challengeToken={challenge}
          onSignedIn={finish}
          onRestart={() => {
            setChallenge(null);
          }}
        />
      ) : (
        <Form resolver={loginResolver} defaultValues={{ email, password: '' }} onSubmit={onSubmit}>
          <FormTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <FormTextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          <div className={styles.forgot}>
            <Link to={paths.forgotPassword.getHref()} className={clsx(ui.textLink, ui.body2)}>
              Forgot your password?
            </Link>
          </div>
          <FormSubmit pendingText="Signing in...">Sign in</FormSubmit>
          <p className={clsx(ui.body2, ui.secondaryText, styles.center)}>
            New here?{' '}
            <Link
              to={paths.register.getHref({
                redirectTo: safeReturnPath(searchParams.get('redirectTo')) ?? undefined,
              })}
              className={ui.textLink}
            >
              Create an account
            </Link>
          </p>
        </Form>
      )}
      {!challenge && (
        <details className={styles.trouble}>
          <summary className={clsx(ui.body2, ui.textLink)}>Having trouble signing in?</summary>
          <p className={clsx(ui.body2, ui.secondaryText)}>
            Check whether this browser reaches our sign-in service and holds a session.
          </p>
          <AuthHealthCheck />
        </details>
      )}
    </AuthCard>
  );
}
