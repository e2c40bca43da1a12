import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { notify } from '@/lib/toast';
import { type Theme } from '@grail/contract';
import { authEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { useAuth } from '@/lib/auth';
import { applyThemeClass, otherTheme, persistTheme, readInitialTheme } from './mode';

export { themeToggleLabel, THEME_STORAGE_KEY, readInitialTheme } from './mode';

export const THEME_SAVE_FAILED = 'Could not save theme preference to server.';

interface ThemeModeValue {
  mode: Theme;
  /** Applies, saves to local storage and sets the root class. */
  setMode(mode: Theme): void;
  /** Counts explicit changes, so a late server answer never overrides a newer toggle. */
  changes: React.RefObject<number>;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<Theme>(readInitialTheme);
  const changes = useRef(0);
  useLayoutEffect(() => applyThemeClass(mode), [mode]);
  const setMode = useCallback((next: Theme) => {
    persistTheme(next);
    setModeState(next);
  }, []);
  const value = useMemo(() => ({ mode, setMode, changes }), [mode, setMode]);
  // The colours follow the root class (lib/styles/tokens.css).
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}

/**
 * The theme toggle: applies at once; when signed in it is saved on the server and rolled back
 * (with a toast) if the server refuses.
 */
export function useThemeToggle(): { mode: Theme; toggle(): Promise<void> } {
  const { mode, setMode, changes } = useThemeMode();
  const { isLoggedIn } = useAuth();
  const toggle = useCallback(async () => {
    const previous = mode;
    const next = otherTheme(previous);
    changes.current += 1;
    setMode(next);
    if (!isLoggedIn) return;
    try {
      await callApi(authEndpoints.setTheme, { body: { theme: next } });
    } catch {
      setMode(previous);
      notify.error(THEME_SAVE_FAILED);
    }
  }, [mode, setMode, changes, isLoggedIn]);
  return { mode, toggle };
}

/** When signed in, the server's saved theme overrides the local one on load. */
export function useServerTheme(): void {
  const { setMode, changes } = useThemeMode();
  const { isLoggedIn } = useAuth();
  useEffect(() => {
    if (!isLoggedIn) return;
    const changesAtStart = changes.current;
    const controller = new AbortController();
    callApi(authEndpoints.theme, { signal: controller.signal })
      .then(({ theme }) => {
        if ((theme === 'light' || theme === 'dark') && changes.current === changesAtStart) {
          setMode(theme);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [isLoggedIn, setMode, changes]);
}
