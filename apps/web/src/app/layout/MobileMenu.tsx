import { ThemeProvider } from '@mui/material/styles';
import { Drawer } from '@mui/material';
import { SidebarContent, getSidebarTheme, sidebarPaper } from './Sidebar';

/** Below 900 px the sidebar is a left drawer; its code (modal, focus trap, slide) loads on first use. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ThemeProvider theme={getSidebarTheme()}>
      <Drawer
        variant="temporary"
        anchor="left"
        open={open}
        onClose={onClose}
        sx={{ '& .MuiDrawer-paper': { width: 280, ...sidebarPaper } }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Menu' } as object }}
      >
        <SidebarContent onNavigate={onClose} />
      </Drawer>
    </ThemeProvider>
  );
}
