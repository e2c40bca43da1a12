import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { queryClient } from '@/lib/queryClient';
import { ThemeModeProvider } from '@/lib/theme';
import { useToastsRequested } from '@/lib/toast';
import { MaintenanceGate } from '@/app/gates/MaintenanceGate';
import { routes } from '@/app/routes';

// Off the first paint: see lib/toast.ts.
const Toasts = lazy(() => import('./Toasts'));

/**
 * The declarative router: the app uses no loaders or actions, and the data router's code would be
 * most of React Router's weight on the first load. Navigation updates are urgent (no transitions),
 * so a sign-out's move to home commits before the signed-out state renders.
 */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const toastsRequested = useToastsRequested();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <MaintenanceGate>
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </MaintenanceGate>
        {toastsRequested && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
