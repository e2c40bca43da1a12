import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE_NAME } from '@grail/contract';
import { fakeFetch, signedInUser } from '@/test/fakeFetch';
import { ApiError, getCurrentUser, resetRequestLayer } from './client';
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
  it('answers a visitor locally, as the server would (401), with no request', async () => {
    const { calls } = fakeFetch({});
    const error = await getCurrentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toHaveLength(0);
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
