import { Drawer } from '@mui/material';
import { MuiThemeScope } from '@/lib/theme/MuiThemeScope';
import { SidebarContent } from './Sidebar';

/**
 * Below 900 px the sidebar is a left drawer. It keeps MUI's Drawer (modal, focus trap, slide):
 * its code loads on the first tap on Menu, never with the first screen.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <MuiThemeScope mode="dark">
      <Drawer
        variant="temporary"
        anchor="left"
        open={open}
        onClose={onClose}
        sx={{ '& .MuiDrawer-paper': { width: 280 } }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Menu' } as object }}
      >
        <SidebarContent onNavigate={onClose} />
      </Drawer>
    </MuiThemeScope>
  );
}
