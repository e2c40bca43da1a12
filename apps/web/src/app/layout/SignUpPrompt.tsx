import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { isSignInPage, useReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import { useSignUpPrompt } from './useSignUpPrompt';

// Its code loads when it first opens, never with the first screen.
const SignUpInvitation = lazy(() =>
  import('./SignUpInvitation').then((m) => ({ default: m.SignUpInvitation })),
);

/**
 * The 'Join Our Community!' invitation. On desktop a non-modal dialog in the corner (the page
 * stays usable behind it); on touch devices a bottom banner.
 */
export function SignUpPrompt() {
  const { isLoggedIn, isLoading } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const redirectTo = useReturnPath();
  const { open, variant, dismiss } = useSignUpPrompt({ isVisitor: !isLoading && !isLoggedIn });
  // Inviting someone to sign up would interrupt signing up or in.
  const quiet = isSignInPage(pathname);
  const visible = open && !quiet;
  // Mounted from the moment it opens until it has faded (or slid) out after closing.
  const [mounted, setMounted] = useState(false);
  if (visible && !mounted) setMounted(true);

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, dismiss]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SignUpInvitation
        variant={variant}
        visible={visible}
        onSignUp={() => {
          dismiss();
          navigate(paths.register.getHref({ redirectTo }));
        }}
        onDismiss={dismiss}
        onExited={() => setMounted(false)}
      />
    </Suspense>
  );
}
