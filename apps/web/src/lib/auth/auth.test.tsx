import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { notify } from '@/lib/toast';
import { fakeFetch, isolateRequests, signedInUser } from '@/test/fakeFetch';
import { renderWithAuth } from '@/test/providers';
import { getAuthToken, getCsrfToken } from '@/lib/api/client';
import { useAuth } from '.';

function Probe() {
  const { user, isLoggedIn, isLoading, logout, signedIn } = useAuth();
  if (isLoading) return <p>Loading Application...</p>;
  return (
    <>
      <p>{isLoggedIn ? `signed in as ${user?.username}` : 'visitor'}</p>
      <button onClick={() => void logout()}>Logout</button>
      <button
        onClick={() =>
          signedIn({ user: { ...signedInUser, username: 'newbie' }, csrfToken: 'c2', token: 't2' })
        }
      >
        Sign in
      </button>
    </>
  );
}

function renderAuth() {
  return renderWithAuth(
    <Routes>
      <Route
        path="/"
        element={
          <>
            <p>home page</p>
            <Probe />
          </>
        }
      />
      <Route path="*" element={<Probe />} />
    </Routes>,
    '/sell-cards',
  );
}

isolateRequests();

describe('auth state: warm-up, recovery and logout', () => {
  it('warms up from GET /api/auth/current and stores its CSRF token', async () => {
    fakeFetch({ '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'warm' } }] });
    renderAuth();
    expect(screen.getByText('Loading Application...')).toBeDefined();
    expect(await screen.findByText('signed in as collector')).toBeDefined();
    expect(getCsrfToken()).toBe('warm');
  });

  it('signedIn() stores the token and CSRF token and needs no extra request', async () => {
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: null, csrfToken: 'anon' } }],
    });
    renderAuth();
    // A visitor is given the anonymous CSRF token by the warm-up itself, with no other call.
    await waitFor(() => expect(getCsrfToken()).toBe('anon'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/current']);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('signed in as newbie')).toBeDefined();
    expect(getAuthToken()).toBe('t2');
    expect(getCsrfToken()).toBe('c2');
    expect(calls.filter((c) => c.url === '/api/auth/current')).toHaveLength(1);
  });

  it("logout clears the session, goes to / and says 'Logged out successfully.'", async () => {
    const info = vi.spyOn(notify, 'info');
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'warm' } }],
      'POST /api/auth/logout': [{ body: { message: 'Logged out successfully.' } }],
      'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    // The POST with the session's CSRF token, never the GET a link from another site could make.
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/logout')).toMatchObject({
        method: 'POST',
        headers: { 'x-csrf-token': 'warm' },
      }),
    );
    expect(await screen.findByText('home page')).toBeDefined();
    await waitFor(() => expect(screen.getByText('visitor')).toBeDefined());
    await waitFor(() => expect(info).toHaveBeenCalledWith('Logged out successfully.'));
    expect(getAuthToken()).toBeNull();
    await waitFor(() => expect(getCsrfToken()).toBe('anon'));
  });

  it("a failed logout still signs out locally and says 'Error logging out.'", async () => {
    const error = vi.spyOn(notify, 'error');
    fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'warm' } }],
      'POST /api/auth/logout': [{ status: 500, body: { message: 'Database unavailable' } }],
      'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('home page')).toBeDefined();
    await waitFor(() => expect(screen.getByText('visitor')).toBeDefined());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error logging out.'));
    await waitFor(() => expect(getCsrfToken()).toBe('anon'));
  });
});
