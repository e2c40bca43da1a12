import { useEffect } from 'react';
import { Box, Button, Fade, IconButton, Paper, Slide, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useSignUpPrompt } from './useSignUpPrompt';

/** Pages where inviting someone to sign up would interrupt signing up or in. */
const QUIET_PATHS = [
  paths.login.path,
  paths.register.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.authCallback.path,
  paths.totpSetup.path,
];

/**
 * The 'Join Our Community!' invitation. On desktop a non-modal dialog in the corner (the page
 * stays usable behind it); on touch devices a bottom banner.
 */
export function SignUpPrompt() {
  const { isLoggedIn, isLoading } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { open, variant, dismiss } = useSignUpPrompt({ isVisitor: !isLoading && !isLoggedIn });
  const quiet = QUIET_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const visible = open && !quiet;

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, dismiss]);

  const signUp = () => {
    dismiss();
    navigate(paths.register.getHref());
  };

  if (variant === 'banner') {
    return (
      <Slide direction="up" in={visible} mountOnEnter unmountOnExit>
        <Paper
          role="region"
          aria-label="Sign-up invitation"
          elevation={12}
          sx={{
            position: 'fixed',
            left: 8,
            right: 8,
            bottom: 8,
            zIndex: (t) => t.zIndex.snackbar,
            p: 2,
            borderRadius: 3,
            border: 1,
            borderColor: 'secondary.main',
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>Join Our Community!</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Track your pulls and get first access to new case drops.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" color="secondary" onClick={signUp}>
              Sign Up
            </Button>
            <Button color="inherit" onClick={dismiss}>
              Later
            </Button>
          </Stack>
        </Paper>
      </Slide>
    );
  }

  return (
    <Fade in={visible} mountOnEnter unmountOnExit>
      <Paper
        role="dialog"
        aria-labelledby="signup-prompt-title"
        aria-describedby="signup-prompt-text"
        elevation={16}
        sx={{
          position: 'fixed',
          right: 24,
          bottom: 24,
          zIndex: (t) => t.zIndex.modal,
          width: 380,
          maxWidth: 'calc(100vw - 32px)',
          p: 3,
          borderRadius: 3,
          border: 1,
          borderColor: 'secondary.main',
        }}
      >
        <IconButton
          aria-label="Close"
          size="small"
          onClick={dismiss}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <Close fontSize="small" />
        </IconButton>
        <Box sx={{ color: 'secondary.main', mb: 1 }}>
          <WorkspacePremiumOutlined fontSize="large" />
        </Box>
        <Typography id="signup-prompt-title" variant="h6" component="h2" gutterBottom>
          Join Our Community!
        </Typography>
        <Typography id="signup-prompt-text" color="text.secondary" sx={{ mb: 2.5 }}>
          Create a free account to open packs, track every pull and get first access to new case
          drops.
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" color="secondary" onClick={signUp}>
            Sign Up Now
          </Button>
          <Button variant="outlined" color="inherit" onClick={dismiss}>
            Maybe Later
          </Button>
        </Stack>
      </Paper>
    </Fade>
  );
}
