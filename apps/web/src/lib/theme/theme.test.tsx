import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@/lib/toast';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { resetRequestLayer } from '@/lib/api/client';
import { AuthProvider, useAuth } from '@/lib/auth';
import {
  ThemeModeProvider,
  readInitialTheme,
  themeToggleLabel,
  useServerTheme,
  useThemeToggle,
} from '.';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query.includes('dark'), media: query })),
  );
}

function Toggle() {
  const { mode, toggle } = useThemeToggle();
  const { isLoading } = useAuth();
  return (
    <button disabled={isLoading} onClick={() => void toggle()}>
      {themeToggleLabel(mode)}
    </button>
  );
}

function renderApp() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ThemeModeProvider>
          <AuthProvider>
            <Toggle />
          </AuthProvider>
        </ThemeModeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetRequestLayer();
  document.documentElement.className = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('initial theme', () => {
  it('comes from local storage first', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'light');
    expect(readInitialTheme()).toBe('light');
  });
  it('else from the system preference', () => {
    mockSystemDark(true);
    expect(readInitialTheme()).toBe('dark');
  });
  it('else light', () => {
    mockSystemDark(false);
    expect(readInitialTheme()).toBe('light');
  });
});

describe('theme toggle', () => {
  it('names the mode it switches to, sets the root class and saves to local storage', async () => {
    mockSystemDark(false);
    fakeFetch({ '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }] });
    renderApp();
    const button = await screen.findByRole('button', { name: 'Dark Mode' });
    expect(document.documentElement.classList.contains('light')).toBe(true);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeDefined();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('when signed in, loads the server theme and saves a toggle with PUT /api/theme', async () => {
    mockSystemDark(false);
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }],
      'GET /api/theme': [{ body: { theme: 'dark' } }],
      'PUT /api/theme': [{ body: { theme: 'light' } }],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ThemeModeProvider>
            <AuthProvider>
              <ServerThemeProbe />
              <Toggle />
            </AuthProvider>
          </ThemeModeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Light Mode' });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    await userEvent.click(button);
    expect(document.documentElement.classList.contains('light')).toBe(true);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toBe('{"theme":"light"}');
    expect(put.headers['x-csrf-token']).toBe('c');
  });

  it("rolls back and toasts 'Could not save theme preference to server.' when saving fails", async () => {
    mockSystemDark(false);
    const error = vi.spyOn(notify, 'error');
    fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }],
      'GET /api/theme': [{ body: { theme: null } }],
      'PUT /api/theme': [{ status: 500, body: { message: 'Database unavailable' } }],
    });
    renderApp();
    const button = await screen.findByRole('button', { name: 'Dark Mode' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not save theme preference to server.'),
    );
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeDefined();
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

function ServerThemeProbe() {
  useServerTheme();
  return null;
}
