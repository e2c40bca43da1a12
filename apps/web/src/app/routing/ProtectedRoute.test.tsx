import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { resetRequestLayer, setAuthToken } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth';
import { ProtectedRoute } from './ProtectedRoute';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route
              path="/dashboard"
              element={
                <ProtectedRoute>
                  <p>the dashboard</p>
                </ProtectedRoute>
              }
            />
            <Route
              path="/admin"
              element={
                <ProtectedRoute admin>
                  <p>the admin page</p>
                </ProtectedRoute>
              }
            />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const unauthorized = { status: 401, body: { message: 'Not authenticated', error: 'Unauthorized' } };

beforeEach(() => resetRequestLayer());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('protected route', () => {
  it('shows the page to a signed-in person', async () => {
    fakeFetch({ '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }] });
    renderAt('/dashboard');
    expect(screen.getByText('Verifying authentication...')).toBeDefined();
    expect(await screen.findByText('the dashboard')).toBeDefined();
  });

  it('sends a visitor to /login with the path to come back to', async () => {
    fakeFetch({ '/api/auth/current': [{ body: { user: null, csrfToken: 'anon' } }] });
    renderAt('/dashboard');
    expect(await screen.findByText('login page ?redirectTo=%2Fdashboard')).toBeDefined();
  });

  it('a tab inside the 8 s cooldown is not sent to /login: it asks again when the cooldown ends', async () => {
    vi.useFakeTimers();
    // The warm-up's 401 starts the cooldown; meanwhile the person signed in in another tab.
    const { calls } = fakeFetch({
      '/api/auth/current': [unauthorized, { body: { user: signedInUser, csrfToken: 'c' } }],
    });
    const currentCalls = () => calls.filter((c) => c.url === '/api/auth/current').length;
    renderAt('/dashboard');
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(currentCalls()).toBe(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(7000)));
    expect(screen.queryByText(/login page/)).toBeNull();
    expect(screen.getByText('Checking authentication...')).toBeDefined();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1100)));
    expect(currentCalls()).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('the dashboard')).toBeDefined();
  });

  it('after the cooldown, a visitor answer does send the tab to /login', async () => {
    vi.useFakeTimers();
    fakeFetch({
      '/api/auth/current': [unauthorized, { body: { user: null, csrfToken: 'anon' } }],
    });
    renderAt('/dashboard');
    await act(async () => void (await vi.advanceTimersByTimeAsync(8100)));
    expect(screen.getByText('login page ?redirectTo=%2Fdashboard')).toBeDefined();
  });

  it("retries a 401 once after 200 ms, showing 'Attempting session recovery...'", async () => {
    vi.useFakeTimers();
    setAuthToken('tok');
    const { calls } = fakeFetch({
      '/api/auth/current': [
        unauthorized,
        unauthorized,
        { body: { user: signedInUser, csrfToken: 'c' } },
      ],
    });
    const currentCalls = () => calls.filter((c) => c.url === '/api/auth/current').length;
    renderAt('/dashboard');
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(screen.getByText('Attempting session recovery...')).toBeDefined();
    expect(currentCalls()).toBe(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(199)));
    expect(currentCalls()).toBe(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(currentCalls()).toBeGreaterThanOrEqual(3);
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(screen.getByText('the dashboard')).toBeDefined();
  });

  it('ends loading after 3000 ms and sends whoever is not signed in to /login', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderAt('/dashboard');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2999)));
    expect(screen.getByText('Verifying authentication...')).toBeDefined();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.getByText('login page ?redirectTo=%2Fdashboard')).toBeDefined();
  });

  it('shows the 404 page to a signed-in person who is not an admin on an admin route', async () => {
    fakeFetch({ '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }] });
    renderAt('/admin');
    expect(await screen.findByText('404 - Not Found')).toBeDefined();
  });
});
