import { useDeferredValue, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setAuthRedirect } from '@/lib/api/client';
import { AuthProvider, useAuth } from '@/lib/auth';
import { StartScreen } from './StartScreen';
import { ErrorBoundary } from '@/app/errors/ErrorBoundary';
import { Shell } from '@/app/layout/Shell';

/** Blocks the app while the auth warm-up (the current-user read) runs. */
function AuthWarmup() {
  // Deferred, so the shell mounts in a time-sliced render (see MaintenanceGate).
  const isLoading = useDeferredValue(useAuth().isLoading, true);
  const { pathname } = useLocation();
  if (isLoading) return <StartScreen text="Loading Application..." />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Shell />
    </ErrorBoundary>
  );
}

/** The root route: auth state, router-aware auth redirects, then the shell. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => setAuthRedirect((href) => navigate(href, { replace: true })), [navigate]);
  return (
    <AuthProvider>
      <AuthWarmup />
    </AuthProvider>
  );
}
