import { createTheme } from '@mui/material/styles';
import type { Theme as ThemeMode } from '@grail/contract';

/** Navy and gold, like a graded-card slab label; both modes keep WCAG AA contrast. */
export function createAppTheme(mode: ThemeMode) {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: dark
        ? { main: '#8fb1ff', contrastText: '#0a1226' }
        : { main: '#1b3a78', contrastText: '#ffffff' },
      secondary: dark
        ? { main: '#e6b955', contrastText: '#1c1400' }
        : { main: '#7d5700', contrastText: '#ffffff' },
      background: dark
        ? { default: '#0a1226', paper: '#111c36' }
        : { default: '#f3f5fa', paper: '#ffffff' },
      text: dark
        ? { primary: '#eef2fb', secondary: '#a9b6d0' }
        : { primary: '#101a33', secondary: '#4a5570' },
      divider: dark ? 'rgba(169, 182, 208, 0.18)' : 'rgba(16, 26, 51, 0.12)',
      error: dark ? { main: '#ff8a80' } : { main: '#b3261e' },
      success: dark ? { main: '#6fd39b' } : { main: '#1b6e3c' },
      info: dark ? { main: '#7fc4ff' } : { main: '#0b5aa6' },
      warning: dark ? { main: '#ffc46b' } : { main: '#8a4b00' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 800, letterSpacing: '-0.01em' },
      h4: { fontWeight: 800 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 700, textTransform: 'none' },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // Links inside text are underlined so they never rely on colour alone.
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });
}
