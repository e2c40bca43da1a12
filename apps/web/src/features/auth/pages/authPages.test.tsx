import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { resetRequestLayer } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

function Landed() {
  const location = useLocation();
  return <p>landed on {location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const visitor = {
  '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }],
  'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
};
const signedIn = { user: signedInUser, csrfToken: 'c1', token: 't1' };

beforeEach(() => resetRequestLayer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/login', () => {
  it('names what is missing, sends nothing, and draws no run-time styles', async () => {
    const { calls } = fakeFetch(visitor);
    renderAt('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeDefined();
    expect(screen.getByText('Enter your password')).toBeDefined();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
    // Styled at build time: MUI's emotion inserts no style element.
    expect(document.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it('asks for the second factor, takes only digits, and returns to where the visitor was', async () => {
    const { calls } = fakeFetch({
      ...visitor,
      'POST /api/auth/login': [{ body: { totpRequired: true, challengeToken: 'ch1' } }],
      'POST /api/auth/login/totp': [{ body: signedIn }],
    });
    renderAt('/login?redirectTo=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?redirectTo=%2Fcheckout',
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeDefined();
    const code = screen.getByLabelText('Authentication code');
    await userEvent.type(code, '12ab 34-56');
    expect((code as HTMLInputElement).value).toBe('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('landed on /checkout')).toBeDefined();
    const totp = calls.find((c) => c.url === '/api/auth/login/totp');
    expect(JSON.parse(String(totp?.body))).toEqual({ challengeToken: 'ch1', code: '123456' });
  });

  it('checks either code by its contract rule before sending it', async () => {
    const { calls } = fakeFetch({
      ...visitor,
      'POST /api/auth/login': [{ body: { totpRequired: true, challengeToken: 'ch1' } }],
      'POST /api/auth/login/totp': [
        { status: 401, body: { message: 'This sign-in expired. Please sign in again.' } },
      ],
    });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeDefined();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'ab1');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter your code')).toBeDefined();
    expect(calls.some((c) => c.url === '/api/auth/login/totp')).toBe(false);

    // A challenge that ran out offers to start over, which goes back to the password.
    await userEvent.type(screen.getByLabelText('Recovery code'), 'cd-ef23');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/login/totp')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/auth/login/totp')?.body))).toEqual({
      challengeToken: 'ch1',
      code: 'ab1cd-ef23',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Password')).toBeDefined();
  });

  it("puts the server's refusal above the form", async () => {
    fakeFetch({
      ...visitor,
      'POST /api/auth/login': [{ status: 401, body: { message: 'Invalid email or password' } }],
    });
    renderAt('/login?error=session_expired');
    expect(screen.getByRole('alert').textContent).toBe(
      'Your session has expired. Please sign in again.',
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'Invalid email or password',
      ),
    );
  });
});

describe('/register', () => {
  it('checks the confirmation and the terms before sending', async () => {
    const { calls } = fakeFetch(visitor);
    renderAt('/register');
    await userEvent.type(await screen.findByLabelText('Password', { exact: true }), 'one words');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other words');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeDefined();
    expect(
      screen.getByText('You must be 18 or older and accept the Terms of Service'),
    ).toBeDefined();
    expect(calls.some((c) => c.url === '/api/auth/register')).toBe(false);
    expect(document.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it('creates the account and goes to the profile step with the return path', async () => {
    const { calls } = fakeFetch({
      ...visitor,
      'POST /api/auth/register': [{ status: 201, body: signedIn }],
    });
    renderAt('/register?redirectTo=%2Fcheckout');
    await userEvent.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Username'), 'casey');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'correct horse 9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct horse 9');
    await userEvent.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('landed on /complete-profile?redirectTo=%2Fcheckout'),
    ).toBeDefined();
    const sent = calls.find((c) => c.url === '/api/auth/register');
    expect(JSON.parse(String(sent?.body))).toEqual({
      email: 'casey@example.com',
      username: 'casey',
      password: 'correct horse 9',
      acceptTerms: true,
      returnPath: '/checkout',
    });
  });
});
