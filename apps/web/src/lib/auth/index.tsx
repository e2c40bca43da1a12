/**
 * Auth state for the whole app: the warm-up read of the current user, sign-in, refresh and
 * logout. The request layer does the recovery; this keeps React in step with it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { type CurrentUserResponse, type PublicUser, type SignedInResponse } from '@grail/contract';
import { authEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import {
  AUTH_EVENTS,
  ApiError,
  getCurrentUser,
  primeCurrentUser,
  resetSession,
  setAuthToken,
  setCsrfToken,
} from '@/lib/api/client';
import { paths } from '@/lib/paths';

export { resetSession } from '@/lib/api/client';

export interface AuthState {
  user: PublicUser | null;
  isLoggedIn: boolean;
  isLoading: boolean;
  /** Store the session of a successful sign-in (token, CSRF token, user). */
  signedIn(result: SignedInResponse): void;
  /** Re-read the current user from the server. */
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

export const LOGGED_OUT_MESSAGE = 'Logged out successfully.';
export const LOGOUT_FAILED_MESSAGE = 'Error logging out.';

const VISITOR: AuthState = {
  user: null,
  isLoggedIn: false,
  isLoading: false,
  signedIn: () => undefined,
  refresh: async () => undefined,
  logout: async () => undefined,
};

const AuthContext = createContext<AuthState | null>(null);

/** A 401 in the cooldown says nothing new about the session: keep what we know. */
const isCooldown = (error: unknown) => error instanceof ApiError && /cooldown/i.test(error.message);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [isLoading, setLoading] = useState(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    // The server answers everyone: a user, or null with the anonymous CSRF token a visitor's
    // POSTs carry (the request layer stores it).
    getCurrentUser()
      .then((current) => active && setUser(current.user))
      .catch(() => active && setUser(null))
      .finally(() => active && setLoading(false));
    const onCleared = () => setUser(null);
    const onRecovered = (event: Event) =>
      setUser((event as CustomEvent<CurrentUserResponse>).detail.user);
    window.addEventListener(AUTH_EVENTS.cleared, onCleared);
    window.addEventListener(AUTH_EVENTS.recoveryFailed, onCleared);
    window.addEventListener(AUTH_EVENTS.recovered, onRecovered);
    return () => {
      active = false;
      window.removeEventListener(AUTH_EVENTS.cleared, onCleared);
      window.removeEventListener(AUTH_EVENTS.recoveryFailed, onCleared);
      window.removeEventListener(AUTH_EVENTS.recovered, onRecovered);
    };
  }, []);

  const signedIn = useCallback((result: SignedInResponse) => {
    setAuthToken(result.token);
    setCsrfToken(result.csrfToken);
    primeCurrentUser({ user: result.user, csrfToken: result.csrfToken });
    setUser(result.user);
  }, []);

  const refresh = useCallback(async () => {
    try {
      setUser((await getCurrentUser({ noCache: true })).user);
    } catch (error) {
      if (!isCooldown(error)) setUser(null);
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      // The POST, which carries the CSRF token (the GET is only for plain links).
      await callApi(authEndpoints.logout);
      notify.info(LOGGED_OUT_MESSAGE);
    } catch {
      notify.error(LOGOUT_FAILED_MESSAGE);
    } finally {
      // Leave the page first: a protected page must not see the signed-out state and redirect.
      await navigate(paths.home.getHref());
      setUser(null);
      await resetSession();
      // Nothing of the previous person's data stays cached; what is on screen reloads.
      await queryClient.resetQueries();
    }
  }, [navigate, queryClient]);

  const value = useMemo<AuthState>(
    () => ({ user, isLoggedIn: user !== null, isLoading, signedIn, refresh, logout }),
    [user, isLoading, signedIn, refresh, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Outside the provider (isolated component tests) everyone is a visitor. */
export function useAuth(): AuthState {
  return useContext(AuthContext) ?? VISITOR;
}
