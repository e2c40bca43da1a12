import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';

/** A page that fails shows the error screen inside the shell; the next route clears it. */
export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
