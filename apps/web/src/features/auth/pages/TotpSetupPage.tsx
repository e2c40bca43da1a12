import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import clsx from 'clsx';
import { TotpEnableRequest } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import {
  Alert,
  Button,
  ButtonLink,
  Form,
  FormSubmit,
  FormTextField,
  Spinner,
} from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { AuthCard } from '../components/AuthCard';
import authStyles from '../components/authForm.module.css';
import styles from './TotpSetupPage.module.css';
import { useTotpEnable, useTotpSetup } from '../api/totp';

const SETTINGS_HREF = `${paths.dashboard.getHref()}?tab=settings`;

function RecoveryCodes({ codes, doneHref }: { codes: string[]; doneHref: string }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied.');
    } catch {
      notify.error('Could not copy: select the codes and copy them by hand.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'grail-machine-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={authStyles.form}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <p className={ui.body1}>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator. They are shown only now.
      </p>
      <div data-testid="recovery-codes" className={clsx(styles.mono, styles.codes)}>
        {codes.map((code) => (
          <span key={code}>{code}</span>
        ))}
      </div>
      <div className={styles.actions}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" onClick={download}>
          Download codes
        </Button>
        <ButtonLink to={doneHref} variant="contained" className={styles.done}>
          Done
        </ButtonLink>
      </div>
    </div>
  );
}

/** /totp-setup: scan the QR code (or type the key), confirm a code, keep the recovery codes. */
export default function TotpSetupPage() {
  const auth = useAuth();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const started = useRef(false);
  const canStart = auth.isLoggedIn && !auth.user?.totpEnabled;

  useEffect(() => {
    // One secret per visit: StrictMode runs effects twice in development.
    if (!canStart || started.current) return;
    started.current = true;
    setup.mutate();
  }, [canStart, setup]);

  if (auth.isLoading) return null;
  if (!auth.isLoggedIn) {
    return <Navigate to={paths.login.getHref({ redirectTo: paths.totpSetup.getHref() })} replace />;
  }
  if (enable.data) {
    return (
      <AuthCard title="Save your recovery codes" wide>
        <RecoveryCodes
          codes={enable.data.recoveryCodes}
          // Staff came here from the console, which two-factor now opens.
          doneHref={auth.user?.role === 'admin' ? paths.admin.getHref() : SETTINGS_HREF}
        />
      </AuthCard>
    );
  }
  if (auth.user?.totpEnabled) {
    return (
      <AuthCard title="Two-factor sign-in">
        <div className={authStyles.form}>
          <Alert severity="info">Two-factor sign-in is already on for your account.</Alert>
          <ButtonLink to={SETTINGS_HREF} variant="contained">
            Manage it in your settings
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      wide
      title="Turn on two-factor sign-in"
      subtitle="Each sign-in will also ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…)."
    >
      {setup.isError ? (
        <div className={authStyles.form}>
          <Alert severity="error">{setup.error.message}</Alert>
          <Button variant="contained" onClick={() => setup.mutate()}>
            Try again
          </Button>
        </div>
      ) : !setup.data ? (
        <div role="status" className={authStyles.waiting}>
          <Spinner label={null} />
          <p>Preparing your key...</p>
        </div>
      ) : (
        <div className={styles.steps}>
          <div className={styles.qr}>
            <img src={setup.data.qrCodeDataUrl} alt="QR code to scan with your authenticator app" />
          </div>
          <div className={styles.confirm}>
            <p>1. Scan the QR code with your app, or type this key:</p>
            <div data-testid="totp-secret" className={styles.mono}>
              {setup.data.secret}
            </div>
            <p>2. Enter the 6-digit code the app shows:</p>
            <Form
              schema={TotpEnableRequest}
              defaultValues={{ code: '' }}
              onSubmit={async ({ code }, form) => {
                try {
                  await enable.mutateAsync(code);
                  void auth.refresh();
                } catch (error) {
                  // A wrong code is the code field's error.
                  if (!(error instanceof ApiError)) throw error;
                  form.setError('code', { type: 'server', message: error.message });
                }
              }}
            >
              <FormTextField
                name="code"
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <FormSubmit size="medium" pendingText="Checking...">
                Turn on two-factor
              </FormSubmit>
            </Form>
          </div>
        </div>
      )}
    </AuthCard>
  );
}
