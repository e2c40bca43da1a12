import { Box, Divider } from '@mui/material';
import { createAppTheme } from '@/lib/theme/createAppTheme';
import { Brand } from './Brand';
import { NavLinks } from './NavLinks';
import { ThemeToggle } from './ThemeToggle';

export const SIDEBAR_WIDTH = 260;

/** The sidebar is navy in both modes, like the label of a graded slab (made when first shown). */
let sidebarTheme: ReturnType<typeof createAppTheme> | undefined;
export const getSidebarTheme = () => (sidebarTheme ??= createAppTheme('dark'));

export const sidebarPaper = {
  boxSizing: 'border-box',
  backgroundColor: '#0b1430',
  backgroundImage: 'linear-gradient(180deg, #0f1c3f 0%, #0a1228 100%)',
  borderRight: '1px solid rgba(230, 185, 85, 0.18)',
} as const;

/** Brand, navigation and theme toggle: the desktop sidebar and the mobile drawer show the same. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, py: 2.5 }}>
        <Brand onNavigate={onNavigate} />
      </Box>
      <Divider sx={{ borderColor: 'rgba(230, 185, 85, 0.18)' }} />
      <Box sx={{ pt: 1.5, flexGrow: 1 }}>
        <NavLinks onNavigate={onNavigate} />
      </Box>
      <Box sx={{ px: 2.5, pb: { xs: 2.5, md: 12 } }}>
        <ThemeToggle fullWidth />
      </Box>
    </Box>
  );
}
