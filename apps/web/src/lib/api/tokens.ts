import { CSRF_COOKIE_MAX_AGE_S, CSRF_COOKIE_NAME, SIGNED_IN_COOKIE_NAME } from '@grail/contract';

/** Session-storage keys: the sign-in token and the CSRF token last as long as the tab. */
export const AUTH_TOKEN_KEY = 'authToken';
export const CSRF_TOKEN_KEY = 'csrfToken';

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode); the cookie session still works.
  }
}

/** The front-end auth token, sent as a Bearer header. */
export const getAuthToken = () => readSession(AUTH_TOKEN_KEY);
export const setAuthToken = (token: string | null) => writeSession(AUTH_TOKEN_KEY, token);

export const getCsrfToken = () => readSession(CSRF_TOKEN_KEY);

/** Stores the CSRF token in session storage and the `csrf-token` cookie (max-age 86400 s). */
export function setCsrfToken(token: string | null): void {
  writeSession(CSRF_TOKEN_KEY, token);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    token === null
      ? `${CSRF_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict${secure}`
      : `${CSRF_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${CSRF_COOKIE_MAX_AGE_S}; Path=/; SameSite=Strict${secure}`;
}

/** Whether the server marked this browser as holding a session cookie (see SIGNED_IN_COOKIE_NAME). */
export const hasSignedInHint = () =>
  document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE_NAME}=`));

export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function clearStoredTokens(): void {
  setAuthToken(null);
  setCsrfToken(null);
  clearSignedInHint();
}
