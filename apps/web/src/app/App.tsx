import { Suspense, lazy, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { ThemeModeProvider } from '@/lib/theme';
import { useToastsRequested } from '@/lib/toast';
import { MaintenanceGate } from '@/app/gates/MaintenanceGate';
import { routes } from '@/app/routes';

// Off the first paint: see lib/toast.ts.
const Toasts = lazy(() => import('./Toasts'));

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  const [router] = useState(() => createBrowserRouter(routes));
  const toastsRequested = useToastsRequested();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <MaintenanceGate>
          <RouterProvider router={router} />
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
