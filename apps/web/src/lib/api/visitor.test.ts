import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE_NAME } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { checkAuthHealth, getCurrentUser, getCsrfToken, resetRequestLayer } from './client';
import { hasSignedInHint, setAuthToken } from './tokens';

const clearHint = () => {
  document.cookie = `${SIGNED_IN_COOKIE_NAME}=; Max-Age=0; Path=/`;
};

beforeEach(() => {
  resetRequestLayer();
  clearHint();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a visitor's current-user read", () => {
  it('asks the server, which answers 200 with no user and the anonymous CSRF token to keep', async () => {
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: null, csrfToken: 'anon' } }],
    });
    await expect(getCurrentUser()).resolves.toEqual({ user: null, csrfToken: 'anon' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/current']);
    expect(getCsrfToken()).toBe('anon');
    // No sign of a session: no cooldown skip, nothing to recover.
    await expect(checkAuthHealth()).resolves.toMatchObject({
      isHealthy: true,
      hasValidToken: false,
    });
  });

  it('asks the server when the signed-in hint is there', async () => {
    document.cookie = `${SIGNED_IN_COOKIE_NAME}=1; Path=/`;
    expect(hasSignedInHint()).toBe(true);
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }],
    });
    expect((await getCurrentUser()).user).toEqual(signedInUser);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/current']);
  });

  it('asks the server when the tab holds a sign-in token, hint or not', async () => {
    setAuthToken('bearer-token');
    const { calls } = fakeFetch({
      '/api/auth/current': [{ body: { user: signedInUser, csrfToken: 'c' } }],
    });
    expect((await getCurrentUser()).user).toEqual(signedInUser);
    expect(calls).toHaveLength(1);
  });
});
