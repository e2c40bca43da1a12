import { Dialog } from '@/components/ui/Dialog';
import { SidebarContent } from './Sidebar';
import styles from './MobileMenu.module.css';

/**
 * Below 900 px the sidebar is a sheet at the left edge: modal, focus held inside, Escape closes
 * and focus returns to Menu. Its code loads on the first tap on Menu, never with the first screen.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Menu" titleHidden className={styles.sheet}>
      <SidebarContent onNavigate={onClose} />
    </Dialog>
  );
}
