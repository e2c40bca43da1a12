import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { AuthProvider } from '@/lib/auth';

export interface ProviderOptions {
  /** Where the router starts; '/' unless said. */
  path?: string;
  /** Query defaults: no retries unless a test is about them. */
  queries?: DefaultOptions['queries'];
  client?: QueryClient;
}

/** A query client and a wrapper with it and a router, for renderHook or render. */
export function providersFor({ path = '/', queries, client }: ProviderOptions = {}) {
  const queryClient =
    client ?? new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return { client: queryClient, wrapper };
}

/** Renders a component as the app would hold it: a query client and a router around it. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { client, wrapper } = providersFor(options);
  return { client, ...render(ui, { wrapper }) };
}

/**
 * Renders `ui` inside the app's session: a fresh query client, a router at `path` and the
 * AuthProvider, which asks GET /api/auth/current first (script it with fakeFetch).
 */
export function renderWithAuth(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
