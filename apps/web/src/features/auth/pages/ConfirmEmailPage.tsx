import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { Alert, ButtonLink, Spinner } from '@/components/ui';
import { AuthCard } from '../components/AuthCard';
import styles from '../components/authForm.module.css';
import { useConfirmEmailChange } from '../api/recovery';

/** /confirm-email?token=…: the link mailed to a new address; opening it changes the account's e-mail. */
export default function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const auth = useAuth();
  const confirm = useConfirmEmailChange();
  const started = useRef(false);

  useEffect(() => {
    // Once: the token is single-use, and StrictMode runs effects twice in development.
    if (!token || auth.isLoading || started.current) return;
    started.current = true;
    confirm.mutate(
      { token, signedIn: auth.isLoggedIn },
      { onSuccess: () => void (auth.isLoggedIn && auth.refresh()) },
    );
  }, [token, auth, confirm]);

  const settings = auth.isLoggedIn
    ? { to: paths.dashboard.getHref({ tab: 'settings' }), label: 'Back to your settings' }
    : { to: paths.login.getHref(), label: 'Sign in' };

  return (
    <AuthCard title="New e-mail address">
      {!token ? (
        <Alert severity="warning">
          This page needs the link from the confirmation e-mail. Open the link again, or ask for a
          new one in your settings.
        </Alert>
      ) : confirm.isError ? (
        <div className={styles.form}>
          <Alert severity="error">{confirm.error.message}</Alert>
          <ButtonLink to={settings.to} variant="contained">
            {settings.label}
          </ButtonLink>
        </div>
      ) : confirm.isSuccess ? (
        <div className={styles.form}>
          <Alert severity="success">{confirm.data.message}</Alert>
          <ButtonLink to={settings.to} variant="contained">
            {settings.label}
          </ButtonLink>
        </div>
      ) : (
        <div role="status" className={styles.waiting}>
          <Spinner label={null} />
          <p>Changing your e-mail address...</p>
        </div>
      )}
    </AuthCard>
  );
}
