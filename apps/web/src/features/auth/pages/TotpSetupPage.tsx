import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { TotpCode } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { AuthCard } from '../components/AuthCard';
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
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        Two-factor sign-in is on.
      </Alert>
      <Typography>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator. They are shown only now.
      </Typography>
      <Paper
        variant="outlined"
        data-testid="recovery-codes"
        sx={{
          p: 2,
          fontFamily: 'monospace',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
        }}
      >
        {codes.map((code) => (
          <span key={code}>{code}</span>
        ))}
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={copy}>
          Copy codes
        </Button>
        <Button variant="outlined" onClick={download}>
          Download codes
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to={doneHref} variant="contained">
          Done
        </Button>
      </Stack>
    </Stack>
  );
}

/** /totp-setup: scan the QR code (or type the key), confirm a code, keep the recovery codes. */
export default function TotpSetupPage() {
  const auth = useAuth();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
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
        <Stack spacing={2}>
          <Alert severity="info">Two-factor sign-in is already on for your account.</Alert>
          <Button component={RouterLink} to={SETTINGS_HREF} variant="contained">
            Manage it in your settings
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TotpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Enter your code');
      return;
    }
    setCodeError(null);
    enable.mutate(parsed.data, {
      onSuccess: () => void auth.refresh(),
      onError: (error) => setCodeError(error.message),
    });
  };

  return (
    <AuthCard
      wide
      title="Turn on two-factor sign-in"
      subtitle="Each sign-in will also ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…)."
    >
      {setup.isError ? (
        <Stack spacing={2}>
          <Alert severity="error">{setup.error.message}</Alert>
          <Button variant="contained" onClick={() => setup.mutate()}>
            Try again
          </Button>
        </Stack>
      ) : !setup.data ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Preparing your key...</Typography>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
          <Box sx={{ textAlign: 'center' }}>
            <Box
              component="img"
              src={setup.data.qrCodeDataUrl}
              alt="QR code to scan with your authenticator app"
              sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 2 }}
            />
          </Box>
          <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography>1. Scan the QR code with your app, or type this key:</Typography>
            <Paper
              variant="outlined"
              data-testid="totp-secret"
              sx={{ p: 1.5, fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 15 }}
            >
              {setup.data.secret}
            </Paper>
            <Typography>2. Enter the 6-digit code the app shows:</Typography>
            <Box component="form" noValidate onSubmit={submit}>
              <Stack spacing={2}>
                <TextField
                  label="Code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  error={Boolean(codeError)}
                  helperText={codeError}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      autoComplete: 'one-time-code',
                      maxLength: 6,
                    },
                  }}
                />
                <Button type="submit" variant="contained" disabled={enable.isPending}>
                  {enable.isPending ? 'Checking...' : 'Turn on two-factor'}
                </Button>
              </Stack>
            </Box>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
