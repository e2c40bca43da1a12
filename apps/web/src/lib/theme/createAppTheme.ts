import { createTheme } from '@mui/material/styles';
import type { Theme as ThemeMode } from '@grail/contract';
import { FONT_FAMILY, palettes } from './palette';

/** MUI's theme for the pages styled at run time; the colours come from palette.ts. */
export function createAppTheme(mode: ThemeMode) {
  const p = palettes[mode];
  return createTheme({
    palette: {
      mode,
      primary: { main: p.primary, contrastText: p.primaryContrast },
      secondary: { main: p.secondary, contrastText: p.secondaryContrast },
      background: { default: p.background, paper: p.paper },
      text: { primary: p.text, secondary: p.textSecondary },
      divider: p.divider,
      error: { main: p.error },
      success: { main: p.success },
      info: { main: p.info },
      warning: { main: p.warning },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
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
