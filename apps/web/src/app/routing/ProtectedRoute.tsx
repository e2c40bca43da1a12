import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  AUTH_RETRY_DELAY_MS,
  PROTECTED_ROUTE_AUTH_TIMEOUT_MS,
  type CurrentUserResponse,
} from '@grail/contract';
import { AUTH_EVENTS, ApiError, currentUserCooldownLeftMs, getCurrentUser } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { StaffTwoFactorRequired } from './StaffTwoFactorRequired';

/** `cooldown`: the current-user call is in its cooldown, so nothing is known until it ends. */
type Status = 'checking' | 'cooldown' | 'recovering' | 'authenticated' | 'unauthenticated';

const isCooldown = (error: unknown) => error instanceof ApiError && /cooldown/i.test(error.message);

/**
 * A page that needs a sign-in: while auth loads, 'Verifying authentication...'; a visitor gets one
 * more check ('Checking authentication...'), and after a 401 one retry 200 ms later ('Attempting
 * session recovery...'). Recovery events decide at once; after 3 s loading ends and whoever is
 * not signed in goes to the login page.
 */
export function ProtectedRoute({
  children,
  admin = false,
}: {
  children: ReactNode;
  admin?: boolean;
}) {
  const auth = useAuth();
  const location = useLocation();
  const [status, setStatus] = useState<Status>('checking');
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const deadline = setTimeout(() => setTimedOut(true), PROTECTED_ROUTE_AUTH_TIMEOUT_MS);
    return () => clearTimeout(deadline);
  }, []);

  useEffect(() => {
    if (auth.isLoading || auth.isLoggedIn) return;
    let active = true;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (next: Status) => {
      if (!active) return;
      setStatus(next);
      if (next === 'authenticated') void auth.refresh();
    };
    const signedInOrNot = (current: CurrentUserResponse) =>
      settle(current.user ? 'authenticated' : 'unauthenticated');
    const check = () =>
      getCurrentUser()
        .then(signedInOrNot)
        .catch((error: unknown) => {
          // A cooldown answer is no news about the session (SPEC: it does not mark the person
          // unauthenticated): ask again once the cooldown is over.
          if (isCooldown(error)) {
            settle('cooldown');
            retryTimer = setTimeout(check, currentUserCooldownLeftMs());
            return;
          }
          if (!(error instanceof ApiError) || error.status !== 401)
            return settle('unauthenticated');
          settle('recovering');
          retryTimer = setTimeout(() => {
            getCurrentUser({ noCache: true })
              .then(signedInOrNot)
              .catch(() => settle('unauthenticated'));
          }, AUTH_RETRY_DELAY_MS);
        });
    void check();
    const onRecovered = () => settle('authenticated');
    const onFailed = () => settle('unauthenticated');
    window.addEventListener(AUTH_EVENTS.recovered, onRecovered);
    window.addEventListener(AUTH_EVENTS.recoveryFailed, onFailed);
    return () => {
      active = false;
      clearTimeout(retryTimer);
      window.removeEventListener(AUTH_EVENTS.recovered, onRecovered);
      window.removeEventListener(AUTH_EVENTS.recoveryFailed, onFailed);
    };
    // auth.refresh is stable; re-run only when the auth state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.isLoading, auth.isLoggedIn]);

  if (auth.isLoggedIn) {
    if (admin && auth.user?.role !== 'admin') return <NotFoundPage />;
    if (admin && !auth.user?.totpEnabled) return <StaffTwoFactorRequired />;
    return <>{children}</>;
  }
  // The 3 s limit ends a check that hangs; a cooldown is no answer, so it is waited out.
  if ((!timedOut || status === 'cooldown') && status !== 'unauthenticated') {
    if (auth.isLoading) return <LoadingScreen text="Verifying authentication..." />;
    if (status === 'recovering') return <LoadingScreen text="Attempting session recovery..." />;
    if (status === 'checking' || status === 'cooldown')
      return <LoadingScreen text="Checking authentication..." />;
    return <LoadingScreen text="Verifying authentication..." />;
  }
  const redirectTo = `${location.pathname}${location.search}`;
  return <Navigate to={paths.login.getHref({ redirectTo })} replace state={{ from: location }} />;
}
