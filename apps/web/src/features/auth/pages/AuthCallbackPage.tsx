import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { Alert, ButtonLink, Spinner } from '@/components/ui';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useVerifyEmail } from '../api/recovery';

/** /auth/callback?token=…: the link of the verification email; confirms it and says what is next. */
export default function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const auth = useAuth();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // Once: the token is single-use, and StrictMode runs effects twice in development.
    if (!token || auth.isLoading || started.current) return;
    started.current = true;
    verify.mutate(
      { token, signedIn: auth.isLoggedIn },
      { onSuccess: () => void (auth.isLoggedIn && auth.refresh()) },
    );
  }, [token, auth, verify]);

  // The page the sign-up started from (the checkout, a pack), carried by the link.
  const returnTo = safeReturnPath(searchParams.get('returnTo')) ?? undefined;
  const next = !auth.isLoggedIn
    ? { to: paths.login.getHref({ redirectTo: returnTo }), label: 'Sign in' }
    : auth.user && !auth.user.profileComplete
      ? {
          to: paths.completeProfile.getHref({ redirectTo: returnTo }),
          label: 'Complete your profile',
        }
      : returnTo
        ? { to: returnTo, label: 'Continue where you were' }
        : { to: paths.grailMachine.getHref(), label: 'Open the Grail Machine' };

  return (
    <AuthCard title="Email verification">
      {!token ? (
        <Alert severity="warning">
          This page needs the link from your verification email. Open the link again; from your
          dashboard you can have a new one sent.
        </Alert>
      ) : verify.isError ? (
        <div className={styles.form}>
          <Alert severity="error">{verify.error.message}</Alert>
          <ButtonLink
            to={auth.isLoggedIn ? paths.dashboard.getHref() : paths.login.getHref()}
            variant="contained"
          >
            {auth.isLoggedIn ? 'Send a new link from your dashboard' : 'Sign in to get a new link'}
          </ButtonLink>
        </div>
      ) : verify.isSuccess ? (
        <div className={styles.form}>
          <Alert severity="success">Your email is verified. Thank you!</Alert>
          <ButtonLink to={next.to} variant="contained">
            {next.label}
          </ButtonLink>
        </div>
      ) : (
        <div role="status" className={styles.waiting}>
          <Spinner label={null} />
          <p>Verifying your email...</p>
        </div>
      )}
    </AuthCard>
  );
}
