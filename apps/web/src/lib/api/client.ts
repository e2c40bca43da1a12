/**
 * The request layer. Every call to the API goes through apiRequest: one origin,
 * credentials included, Bearer token and CSRF header, a 30 s timeout, and session recovery.
 */
import {
  AUTH_RECOVERY_RETRIES,
  CSRF_HEADER_NAME,
  CURRENT_USER_CACHE_MS,
  CURRENT_USER_COOLDOWN_MS,
  REQUEST_TIMEOUT_MS,
  endpointUrl,
  type CurrentUserResponse,
} from '@grail/contract';
import { authEndpoints } from '@/lib/api/endpoints';
import { isPublicPath, paths } from '@/lib/paths';
import { logger } from '@/lib/logger';
import { clearStoredTokens, getAuthToken, getCsrfToken, setCsrfToken } from './tokens';

export { getAuthToken, getCsrfToken, setAuthToken, setCsrfToken } from './tokens';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RequestOptions {
  method?: HttpMethod;
  /** A plain object is sent as JSON; FormData is sent as-is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A public sign-in call (its endpoint is CSRF-exempt in the contract): no x-csrf-token header,
   * and a 401 or 403 is the call's own answer, never a reason for session recovery.
   */
  csrfExempt?: boolean;
}

/** Window events the protected route and the auth provider listen to. */
export const AUTH_EVENTS = {
  recovered: 'grail:auth-recovered',
  recoveryFailed: 'grail:auth-recovery-failed',
  cleared: 'grail:auth-cleared',
} as const;

const CURRENT_USER = authEndpoints.current;
const SESSION_RESET = authEndpoints.sessionReset;
/** The sign-in and session calls: a failed recovery there sends the person to the login page. */
const AUTH_PATHS = new Set<string>(
  Object.values(authEndpoints)
    .filter((e) => e.tags.includes('auth'))
    .map((e) => e.path),
);
/** Messages that mean the session state drifted, so a recovery and one retry may fix it. */
const RECOVERABLE_MESSAGE =
  /CSRF token|Invalid token|Token mismatch|Authentication state|Session expired|cooldown/i;
const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

const pathOf = (url: string) => url.split('?')[0] ?? url;
const isAuthEndpoint = (url: string) => AUTH_PATHS.has(pathOf(url));

let navigate: (href: string) => void = (href) => window.location.assign(href);
/** The router registers its navigate so an auth redirect does not reload the page. */
export function setAuthRedirect(fn: (href: string) => void): void {
  navigate = fn;
}

const state = {
  consecutiveRecoveries: 0,
  redirectedThisPageLoad: false,
  currentUser: null as { value: CurrentUserResponse; at: number } | null,
  currentUserInFlight: null as Promise<CurrentUserResponse> | null,
  cooldownUntil: 0,
  hadCurrentUserSuccess: false,
  lastAuthError: null as string | null,
};

/** Forget every piece of client auth state (tokens, CSRF cookie, current-user cache). */
export function clearAuthState(): void {
  clearStoredTokens();
  state.currentUser = null;
  state.hadCurrentUserSuccess = false;
  window.dispatchEvent(new Event(AUTH_EVENTS.cleared));
}

/** After a sign-in: the current-user answer is known, so the next read needs no request. */
export function primeCurrentUser(value: CurrentUserResponse): void {
  state.currentUser = { value, at: Date.now() };
  state.hadCurrentUserSuccess = true;
  state.cooldownUntil = 0;
  state.lastAuthError = null;
}

/** Sends the person to the login page once per page load, and only from a non-public page. */
function redirectToLogin(error: 'session_expired' | 'auth_recovery_failed'): void {
  const here = window.location.pathname;
  if (state.redirectedThisPageLoad || isPublicPath(here)) return;
  state.redirectedThisPageLoad = true;
  navigate(
    paths.login.getHref({
      error,
      redirectTo: `${here}${window.location.search}`,
    }),
  );
}

/**
 * True when this tab was signed in: it holds a sign-in token or the current-user call succeeded.
 * A CSRF token alone proves nothing (visitors get an anonymous one).
 */
const hadSession = () => Boolean(getAuthToken()) || state.hadCurrentUserSuccess;

/** A 401 that recovery could not fix: the session is over. */
function sessionExpired(): void {
  const signedIn = hadSession();
  clearAuthState();
  if (signedIn) redirectToLogin('session_expired');
}

function errorText(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const { message, error } = data as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return undefined;
}

function saysSessionExpired(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const { message, error } = data as { message?: unknown; error?: unknown };
  return [message, error].some((t) => typeof t === 'string' && /session expired/i.test(t));
}

interface Sent {
  response: Response;
  data: unknown;
}

/** One HTTP exchange: headers, body, timeout, JSON parsing and CSRF token pick-up. */
async function send(
  path: string,
  { method = 'GET', body, headers = {}, signal, csrfExempt }: RequestOptions,
  fetchCache?: RequestCache,
): Promise<Sent> {
  const finalHeaders: Record<string, string> = { accept: 'application/json' };
  const token = getAuthToken();
  if (token) finalHeaders.authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
  if (hasBody && !isForm) finalHeaders['content-type'] = 'application/json';
  const csrf = getCsrfToken();
  if (MUTATING.has(method) && csrf && !csrfExempt) {
    finalHeaders[CSRF_HEADER_NAME] = csrf;
  }
  Object.assign(finalHeaders, headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: finalHeaders,
      body: hasBody ? (isForm ? (body as FormData) : JSON.stringify(body)) : undefined,
      signal: controller.signal,
      cache: fetchCache,
    });
    let data: unknown = null;
    if (method !== 'HEAD' && response.status !== 204) {
      const text = await response.text();
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = text;
      }
    }
    const csrfToken = (data as { csrfToken?: unknown } | null)?.csrfToken;
    if (typeof csrfToken === 'string' && csrfToken) setCsrfToken(csrfToken);
    else if (response.ok && isAuthEndpoint(path) && (data as { user?: unknown } | null)?.user) {
      logger.warn(`Auth response from ${pathOf(path)} has no CSRF token`);
    }
    return { response, data };
  } catch (error) {
    if (timedOut) {
      const message = `Request timeout after ${REQUEST_TIMEOUT_MS}ms`;
      throw new ApiError(message, 408, { message, error: 'Request timeout' });
    }
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : 'Network error';
    throw new ApiError(message, 0, { message, error: 'Network error' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The current-user read: concurrent calls share one request, an answer is cached 15 s,
 * and after a 401 calls fail locally for 8 s ('Not authenticated (cooldown)') unless a token or an
 * earlier success exists. `noCache` skips the 15 s cache and the HTTP cache.
 */
export function getCurrentUser(options: { noCache?: boolean } = {}): Promise<CurrentUserResponse> {
  const now = Date.now();
  if (!options.noCache && state.currentUser && now - state.currentUser.at < CURRENT_USER_CACHE_MS) {
    return Promise.resolve(state.currentUser.value);
  }
  if (state.currentUserInFlight) return state.currentUserInFlight;
  if (now < state.cooldownUntil && !getAuthToken() && !state.hadCurrentUserSuccess) {
    const message = 'Not authenticated (cooldown)';
    return Promise.reject(new ApiError(message, 401, { message, error: message }));
  }
  const request = (async () => {
    const { response, data } = await send(
      endpointUrl(CURRENT_USER),
      {},
      options.noCache ? 'no-store' : undefined,
    );
    if (!response.ok) {
      const message = errorText(data) ?? `HTTP error! status: ${response.status}`;
      state.lastAuthError = message;
      state.currentUser = null;
      if (response.status === 401) state.cooldownUntil = Date.now() + CURRENT_USER_COOLDOWN_MS;
      throw new ApiError(message, response.status, data);
    }
    const value = data as CurrentUserResponse;
    if (!value?.csrfToken) logger.warn(`Auth response from ${CURRENT_USER.path} has no CSRF token`);
    // A visitor's answer (user null) is kept like any other, but is no sign of a session.
    if (value?.user) primeCurrentUser(value);
    else state.currentUser = { value, at: Date.now() };
    return value;
  })();
  state.currentUserInFlight = request;
  const release = () => {
    if (state.currentUserInFlight === request) state.currentUserInFlight = null;
  };
  request.then(release, release);
  return request;
}

/** How long the current-user call's cooldown still lasts (0 when there is none). */
export function currentUserCooldownLeftMs(): number {
  return Math.max(0, state.cooldownUntil - Date.now());
}

/**
 * Recovery: re-read the current user. With both a CSRF token and a user the token is
 * stored and the caller retries; otherwise every piece of auth state is cleared.
 */
export async function recoverSession(): Promise<boolean> {
  logger.debug('Attempting session recovery');
  try {
    const current = await getCurrentUser({ noCache: true });
    if (current.csrfToken && current.user) {
      setCsrfToken(current.csrfToken);
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.recovered, { detail: current }));
      return true;
    }
  } catch (error) {
    logger.debug('Session recovery failed', error);
  }
  clearAuthState();
  window.dispatchEvent(new Event(AUTH_EVENTS.recoveryFailed));
  return false;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === CURRENT_USER.method && pathOf(path) === CURRENT_USER.path) {
    return (await getCurrentUser()) as T;
  }
  let recoveries = 0;
  for (;;) {
    const { response, data } = await send(path, options);
    if (response.ok) {
      state.consecutiveRecoveries = 0;
      if (saysSessionExpired(data)) {
        sessionExpired();
        throw new ApiError('Session expired', 401, data);
      }
      logger.debug(method, path, response.status);
      return data as T;
    }

    const message = errorText(data) ?? `HTTP error! status: ${response.status}`;
    const recoverable =
      (response.status === 403 || RECOVERABLE_MESSAGE.test(message)) && !options.csrfExempt;
    if (
      recoverable &&
      recoveries < AUTH_RECOVERY_RETRIES &&
      state.consecutiveRecoveries < AUTH_RECOVERY_RETRIES
    ) {
      recoveries += 1;
      state.consecutiveRecoveries += 1;
      if (await recoverSession()) continue;
      if (isAuthEndpoint(path)) redirectToLogin('auth_recovery_failed');
      throw new ApiError(message, response.status, data);
    }
    if (response.status === 401 && !options.csrfExempt) {
      const signedIn = hadSession();
      sessionExpired();
      throw new ApiError(signedIn ? 'Session expired' : message, 401, data);
    }
    throw new ApiError(message, response.status, data);
  }
}

export interface AuthHealth {
  isHealthy: boolean;
  status: number;
  hasValidToken: boolean;
  lastAuthError: string | null;
}

/**
 * The auth health check: a no-cache current-user call, summarized as isHealthy, status,
 * hasValidToken and lastAuthError.
 */
export async function checkAuthHealth(): Promise<AuthHealth> {
  try {
    const current = await getCurrentUser({ noCache: true });
    return {
      isHealthy: true,
      status: 200,
      // A visitor's answer is healthy too, but holds no session.
      hasValidToken: Boolean(current.user && current.csrfToken),
      lastAuthError: null,
    };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    return {
      isHealthy: false,
      status: apiError?.status ?? 0,
      hasValidToken: false,
      lastAuthError: state.lastAuthError ?? (error instanceof Error ? error.message : null),
    };
  }
}

/**
 * POST /api/auth/session/reset, answering the anonymous CSRF token it hands out (null when it
 * failed). The endpoint is exempt from the route's CSRF check only so that a visitor can get a
 * first token; when the request carries a session the server checks that session's token, so
 * the token this tab holds is always sent (send() adds it: the call is not marked exempt here).
 */
async function callSessionReset(): Promise<string | null> {
  try {
    const { response, data } = await send(endpointUrl(SESSION_RESET), {
      method: SESSION_RESET.method,
    });
    const csrfToken = (data as { csrfToken?: unknown } | null)?.csrfToken;
    return response.ok && typeof csrfToken === 'string' ? csrfToken : null;
  } catch (error) {
    logger.debug('Session reset failed', error);
    return null;
  }
}

/**
 * The session reset helper: ends this tab's session on the server (proving with its CSRF token
 * that the request is ours), forgets every piece of client auth state, and keeps the fresh
 * anonymous CSRF token a visitor's POSTs carry. Never fails.
 */
export async function resetSession(): Promise<void> {
  const anonymous = await callSessionReset();
  clearAuthState();
  if (anonymous) setCsrfToken(anonymous);
}

/** Forget the per-page-load state; unit tests call it between cases. */
export function resetRequestLayer(): void {
  state.consecutiveRecoveries = 0;
  state.redirectedThisPageLoad = false;
  state.currentUser = null;
  state.currentUserInFlight = null;
  state.cooldownUntil = 0;
  state.hadCurrentUserSuccess = false;
  state.lastAuthError = null;
}
