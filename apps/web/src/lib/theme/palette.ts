import type { Theme as ThemeMode } from '@grail/contract';

/**
 * Navy and gold, like a graded-card slab label; both modes keep WCAG AA contrast. The one source
 * of the colours: MUI's theme reads them here, and `lib/styles/tokens.css` declares the same
 * values as CSS variables for the parts styled at build time (a unit test keeps the two equal).
 */
export const palettes = {
  light: {
    primary: '#1b3a78',
    primaryContrast: '#ffffff',
    secondary: '#7d5700',
    secondaryContrast: '#ffffff',
    background: '#f3f5fa',
    paper: '#ffffff',
    text: '#101a33',
    textSecondary: '#4a5570',
    divider: 'rgba(16, 26, 51, 0.12)',
    error: '#b3261e',
    success: '#1b6e3c',
    info: '#0b5aa6',
    warning: '#8a4b00',
  },
  dark: {
    primary: '#8fb1ff',
    primaryContrast: '#0a1226',
    secondary: '#e6b955',
    secondaryContrast: '#1c1400',
    background: '#0a1226',
    paper: '#111c36',
    text: '#eef2fb',
    textSecondary: '#a9b6d0',
    divider: 'rgba(169, 182, 208, 0.18)',
    error: '#ff8a80',
    success: '#6fd39b',
    info: '#7fc4ff',
    warning: '#ffc46b',
  },
} satisfies Record<ThemeMode, Record<string, string>>;

export const FONT_FAMILY =
  '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';
