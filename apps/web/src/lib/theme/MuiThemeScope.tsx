import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import type { Theme as ThemeMode } from '@grail/contract';
import { createAppTheme } from './createAppTheme';
import { useThemeMode } from './index';

const themes: Partial<Record<ThemeMode, ReturnType<typeof createAppTheme>>> = {};

/**
 * MUI's theme for a part styled at run time (every page but home, menus, dialogs). Kept out of
 * the first load: the shell and the home page are styled at build time and never load MUI.
 * `mode` pins a mode (the navy sidebar is dark in both).
 */
export function MuiThemeScope({ mode, children }: { mode?: ThemeMode; children: ReactNode }) {
  const current = useThemeMode().mode;
  const chosen = mode ?? current;
  const theme = (themes[chosen] ??= createAppTheme(chosen));
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
