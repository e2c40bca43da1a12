import type { Theme } from '@grail/contract';

/** Local-storage key of the theme, so the choice outlives the tab. */
export const THEME_STORAGE_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The first theme: local storage, else the system preference, else light. */
export function readInitialTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    if (isTheme(saved)) return saved;
  } catch {
    // Storage disabled: fall through to the system preference.
  }
  if (typeof window.matchMedia === 'function') {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  return 'light';
}

/** Saves the theme and applies it as a class on the root element. */
export function persistTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled: the class still applies for this page.
  }
  applyThemeClass(theme);
}

export function applyThemeClass(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/** The toggle names the mode it switches to. */
export const themeToggleLabel = (theme: Theme) => (theme === 'dark' ? 'Light Mode' : 'Dark Mode');
