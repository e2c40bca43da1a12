import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, endpointUrl, isUnsafe, type Endpoint } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { callApi } from './callApi';
import {
  ApiError,
  apiRequest,
  checkAuthHealth,
  getCurrentUser,
  resetRequestLayer,
  resetSession,
  setAuthRedirect,
} from './client';
import { getCsrfToken, setAuthToken, setCsrfToken } from './tokens';

const current = (csrfToken = 'fresh-csrf') => ({ body: { user: signedInUser, csrfToken } });
let redirects: string[];

beforeEach(() => {
  resetRequestLayer();
  redirects = [];
  setAuthRedirect((href) => redirects.push(href));
  window.history.pushState({}, '', '/dashboard');
  document.cookie = 'csrf-token=; Max-Age=0; Path=/';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('headers and bodies: Bearer token, CSRF header on writes, JSON content type', () => {
  it('sends credentials, the session-storage token as Bearer, and no content type on GET', async () => {
    const { calls, fetchMock } = fakeFetch({ '/api/things': [{ body: { ok: true } }] });
    setAuthToken('tok-123');
    await apiRequest('/api/things');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include', method: 'GET' });
    expect(calls[0]!.headers.authorization).toBe('Bearer tok-123');
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('sends a plain body as JSON and FormData as-is, and HEAD without a content type', async () => {
    const { calls } = fakeFetch({ '/api/things': [{ body: {} }] });
    await apiRequest('/api/things', { method: 'POST', body: { a: 1 } });
    const form = new FormData();
    form.set('file', 'x');
    await apiRequest('/api/things', { method: 'POST', body: form });
    await apiRequest('/api/things', { method: 'HEAD' });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toBe('{"a":1}');
    expect(calls[1]!.headers['content-type']).toBeUndefined();
    expect(calls[1]!.body).toBe(form);
    expect(calls[2]!.headers['content-type']).toBeUndefined();
  });

  it('sends x-csrf-token on POST, PUT, PATCH and DELETE but not on GET', async () => {
    const { calls } = fakeFetch({ '/api/things': [{ body: {} }] });
    setCsrfToken('csrf-1');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await apiRequest('/api/things', { method });
    }
    expect(calls.map((c) => c.headers['x-csrf-token'])).toEqual([
      undefined,
      'csrf-1',
      'csrf-1',
      'csrf-1',
      'csrf-1',
    ]);
  });

  it('leaves the CSRF header off exactly the endpoints the contract declares CSRF-exempt', async () => {
    // The server's rule: the calls that get a visitor in, and the reset handing out a first token.
    expect(
      Object.entries(authEndpoints as Record<string, Endpoint>)
        .filter(([, e]) => e.csrfExempt)
        .map(([name]) => name)
        .sort(),
    ).toEqual([
      'forgotPassword',
      'login',
      'loginTotp',
      'register',
      'resetPassword',
      'sessionReset',
    ]);

    const signedIn = { user: signedInUser, csrfToken: 'csrf-1', token: 'tok' };
    const message = { message: 'Done.' };
    const replies: Record<string, unknown> = {
      register: signedIn,
      login: { totpRequired: true, challengeToken: 'challenge' },
      loginTotp: signedIn,
      logout: message,
      sessionReset: { ...message, csrfToken: 'csrf-1' },
      verifyEmail: { user: signedInUser },
      verifyEmailResend: message,
      forgotPassword: message,
      resetPassword: message,
      totpSetup: { otpauthUrl: 'otpauth://x', qrCodeDataUrl: 'data:', secret: 'S' },
      totpEnable: { recoveryCodes: [], user: signedInUser },
      totpDisable: { user: signedInUser },
      setTheme: { theme: 'dark' },
      saveProfile: { user: signedInUser },
      changePassword: message,
      revokeSession: message,
    };
    const replyFor = (name: string) => {
      if (!(name in replies)) throw new Error(`No reply scripted for ${name}`);
      return replies[name];
    };
    const unsafe = Object.entries(authEndpoints as Record<string, Endpoint>).filter(([, e]) =>
      isUnsafe(e.method),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    const { calls } = fakeFetch(
      Object.fromEntries(
        unsafe.map(([name, e]) => [
          `${e.method} ${endpointUrl(e, { id })}`,
          [{ body: replyFor(name) }],
        ]),
      ),
    );
    for (const [, e] of unsafe) {
      setCsrfToken('csrf-1');
      await callApi(e, { params: { id }, body: {} } as never);
    }
    expect(calls.map((c) => c.headers['x-csrf-token'])).toEqual(
      unsafe.map(([, e]) => (e.csrfExempt ? undefined : 'csrf-1')),
    );
  });

  it('replaces the stored token (session storage and cookie) from any response with csrfToken', async () => {
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    fakeFetch({ '/api/things': [{ body: { csrfToken: 'rotated' } }] });
    setCsrfToken('old');
    await apiRequest('/api/things');
    expect(getCsrfToken()).toBe('rotated');
    expect(sessionStorage.getItem('csrfToken')).toBe('rotated');
    expect(cookieWrites.at(-1)).toContain('csrf-token=rotated; Max-Age=86400');
  });
});

describe('errors: timeout, non-OK answers, message or error text', () => {
  it('gives up after 30000 ms with a 408 request-timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const result = apiRequest('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(408);
    expect(error.message).toBe('Request timeout after 30000ms');
    expect(error.data).toMatchObject({ error: 'Request timeout' });
  });

  it("uses the server's message, else 'HTTP error! status: {code}'", async () => {
    fakeFetch({
      '/api/a': [{ status: 409, body: { message: 'Sold out', error: 'Conflict' } }],
      '/api/b': [{ status: 500, body: null }],
    });
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 409, message: 'Sold out' });
    await expect(apiRequest('/api/b')).rejects.toMatchObject({
      status: 500,
      message: 'HTTP error! status: 500',
    });
  });
});

describe('recovery: at most two per request, then logout', () => {
  it('recovers from a 403 with GET /api/auth/current and retries with the new token', async () => {
    setCsrfToken('stale');
    const { calls } = fakeFetch({
      'POST /api/orders': [
        { status: 403, body: { message: 'Invalid CSRF token', error: 'Forbidden' } },
        { body: { ok: true } },
      ],
      '/api/auth/current': [current('fresh')],
    });
    await expect(apiRequest('/api/orders', { method: 'POST', body: {} })).resolves.toEqual({
      ok: true,
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/orders',
      'GET /api/auth/current',
      'POST /api/orders',
    ]);
    expect(calls[2]!.headers['x-csrf-token']).toBe('fresh');
  });

  it('never attempts recovery for a CSRF-exempt endpoint: its 401 or 403 is its own answer', async () => {
    setCsrfToken('t');
    setAuthToken('tok');
    const { calls } = fakeFetch({
      'POST /api/auth/login': [
        { status: 401, body: { message: 'Invalid email or password', error: 'Unauthorized' } },
      ],
      'POST /api/auth/reset-password': [
        { status: 403, body: { message: 'Invalid CSRF token', error: 'Forbidden' } },
      ],
      '/api/auth/current': [current()],
    });
    await expect(
      callApi(authEndpoints.login, { body: { email: 'a@example.com', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    await expect(
      callApi(authEndpoints.resetPassword, { body: { token: 't', password: 'p' } }),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/reset-password',
    ]);
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    expect(redirects).toEqual([]);
  });

  it('does recover for an endpoint that is not CSRF-exempt', async () => {
    setCsrfToken('stale');
    const { calls } = fakeFetch({
      'POST /api/auth/verify-email': [
        { status: 403, body: { message: 'Invalid CSRF token', error: 'Forbidden' } },
        { body: { user: signedInUser } },
      ],
      '/api/auth/current': [current('fresh')],
    });
    await expect(callApi(authEndpoints.verifyEmail, { body: { token: 'abc' } })).resolves.toEqual({
      user: signedInUser,
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/verify-email',
      'GET /api/auth/current',
      'POST /api/auth/verify-email',
    ]);
    expect(calls[2]!.headers['x-csrf-token']).toBe('fresh');
  });

  it.each([
    'Invalid token',
    'Token mismatch',
    'Authentication state lost',
    'Session expired',
    'cooldown',
  ])("recovers when a message contains '%s'", async (message) => {
    setCsrfToken('stale');
    const { calls } = fakeFetch({
      '/api/things': [{ status: 400, body: { message } }, { body: { ok: true } }],
      '/api/auth/current': [current()],
    });
    await expect(apiRequest('/api/things')).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.url === '/api/auth/current')).toHaveLength(1);
  });

  it('recovers at most twice for one request, then reports the error', async () => {
    setCsrfToken('t');
    const { calls } = fakeFetch({
      '/api/admin-only': [{ status: 403, body: { message: 'Admins only' } }],
      '/api/auth/current': [current()],
    });
    await expect(apiRequest('/api/admin-only')).rejects.toMatchObject({
      status: 403,
      message: 'Admins only',
    });
    expect(calls.filter((c) => c.url === '/api/admin-only')).toHaveLength(3);
    expect(calls.filter((c) => c.url === '/api/auth/current')).toHaveLength(2);
  });

  it('allows at most 2 consecutive recoveries overall, until a request succeeds', async () => {
    setCsrfToken('t');
    const { calls } = fakeFetch({
      '/api/admin-only': [{ status: 403, body: { message: 'Admins only' } }],
      '/api/ok': [{ body: { ok: true } }],
      '/api/auth/current': [current()],
    });
    await expect(apiRequest('/api/admin-only')).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest('/api/admin-only')).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.url === '/api/auth/current')).toHaveLength(2);
    await apiRequest('/api/ok');
    await expect(apiRequest('/api/admin-only')).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.url === '/api/auth/current')).toHaveLength(4);
  });

  it('clears auth state when recovery gets no user', async () => {
    setCsrfToken('t');
    setAuthToken('tok');
    fakeFetch({
      '/api/things': [{ status: 403, body: { message: 'Invalid CSRF token' } }],
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }],
    });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 403 });
    expect(getCsrfToken()).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('sends a failed recovery on an auth endpoint to /login?error=auth_recovery_failed', async () => {
    setCsrfToken('t');
    fakeFetch({
      '/api/auth/totp/setup': [{ status: 403, body: { message: 'Invalid CSRF token' } }],
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }],
    });
    await expect(apiRequest('/api/auth/totp/setup', { method: 'POST' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(redirects).toEqual(['/login?error=auth_recovery_failed&redirectTo=%2Fdashboard']);
  });

  it("turns a 401 into 'Session expired', clears everything and goes to /login once", async () => {
    setCsrfToken('t');
    setAuthToken('tok');
    fakeFetch({ '/api/wallet': [{ status: 401, body: { message: 'Authentication required' } }] });
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });
    expect(getCsrfToken()).toBeNull();
    expect(redirects).toEqual(['/login?error=session_expired&redirectTo=%2Fdashboard']);
    setCsrfToken('again');
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({ status: 401 });
    expect(redirects).toHaveLength(1);
  });

  it('never redirects from a public page, nor a visitor who had no session', async () => {
    fakeFetch({ '/api/wallet': [{ status: 401, body: { message: 'Authentication required' } }] });
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({
      message: 'Authentication required',
    });
    window.history.pushState({}, '', '/reset-password/abc');
    setCsrfToken('t');
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({ status: 401 });
    expect(redirects).toEqual([]);
  });

  it("treats a successful answer that says 'session expired' as a logout", async () => {
    setCsrfToken('t');
    setAuthToken('tok');
    fakeFetch({ '/api/things': [{ body: { message: 'Your session expired' } }] });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(getCsrfToken()).toBeNull();
    expect(redirects[0]).toMatch(/^\/login\?error=session_expired/);
  });

  it('logs a warning when an auth response has no CSRF token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeFetch({ '/api/auth/current': [{ body: { user: signedInUser } }] });
    await getCurrentUser();
    expect(warn).toHaveBeenCalledWith('[grail]', expect.stringContaining('no CSRF token'));
  });
});

describe('session reset', () => {
  it('ends the session with its own CSRF token, forgets the signed-in state and stores the anonymous token', async () => {
    setAuthToken('tok');
    setCsrfToken('signed-in-csrf');
    const { calls } = fakeFetch({
      'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    });
    await resetSession();
    // With a session the server requires its token, so a cross-site POST cannot sign anyone out.
    expect(calls[0]!.headers['x-csrf-token']).toBe('signed-in-csrf');
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(getCsrfToken()).toBe('anon');
  });

  it('still forgets the signed-in state when the server refuses the reset', async () => {
    setAuthToken('tok');
    setCsrfToken('stale');
    fakeFetch({
      'POST /api/auth/session/reset': [
        { status: 403, body: { message: 'Invalid CSRF token', error: 'CSRF token mismatch' } },
      ],
    });
    await resetSession();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(getCsrfToken()).toBeNull();
  });

  it('a visitor asks for an anonymous token without any header to prove', async () => {
    const { calls } = fakeFetch({
      'POST /api/auth/session/reset': [{ body: { message: 'Session reset.', csrfToken: 'anon' } }],
    });
    await resetSession();
    expect(calls[0]!.headers['x-csrf-token']).toBeUndefined();
    expect(getCsrfToken()).toBe('anon');
  });

  it('a visitor holding only an anonymous CSRF token is never sent to /login', async () => {
    setCsrfToken('anon');
    fakeFetch({ '/api/wallet': [{ status: 401, body: { message: 'Authentication required' } }] });
    await expect(apiRequest('/api/wallet')).rejects.toMatchObject({
      message: 'Authentication required',
    });
    expect(redirects).toEqual([]);
  });
});

describe('GET /api/auth/current', () => {
  it('shares one request between concurrent calls and caches the answer for 15 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = fakeFetch({ '/api/auth/current': [current()] });
    const [a, b] = await Promise.all([getCurrentUser(), apiRequest('/api/auth/current')]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 14_000);
    await getCurrentUser();
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await getCurrentUser();
    expect(calls).toHaveLength(2);
    expect(getCsrfToken()).toBe('fresh-csrf');
  });

  it("short-circuits for 8 s after a 401 with 'Not authenticated (cooldown)'", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = fakeFetch({
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }, current()],
    });
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 401 });
    await expect(getCurrentUser()).rejects.toMatchObject({
      status: 401,
      message: 'Not authenticated (cooldown)',
    });
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 8_001);
    await expect(getCurrentUser()).resolves.toMatchObject({ user: { _id: 'u1' } });
    expect(calls).toHaveLength(2);
  });

  it('skips the cooldown when a token is stored', async () => {
    const { calls } = fakeFetch({
      '/api/auth/current': [{ status: 401, body: { message: 'Not authenticated' } }, current()],
    });
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 401 });
    setAuthToken('new-token');
    await expect(getCurrentUser()).resolves.toMatchObject({ csrfToken: 'fresh-csrf' });
    expect(calls).toHaveLength(2);
  });

  it('reports auth health from a no-cache call', async () => {
    const { fetchMock } = fakeFetch({
      '/api/auth/current': [current(), { status: 401, body: { message: 'Not authenticated' } }],
    });
    await expect(checkAuthHealth()).resolves.toEqual({
      isHealthy: true,
      status: 200,
      hasValidToken: true,
      lastAuthError: null,
    });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-store' });
    await expect(checkAuthHealth()).resolves.toEqual({
      isHealthy: false,
      status: 401,
      hasValidToken: false,
      lastAuthError: 'Not authenticated',
    });
  });
});
