import { Brand } from './Brand';
import { NavLinks } from './NavLinks';
import { ThemeToggle } from './ThemeToggle';
import styles from './Sidebar.module.css';

/**
 * Brand, navigation and the shell's theme toggle (the footer has its own): the desktop sidebar and
 * the mobile drawer show the same, so a phone reaches the toggle from Menu.
 */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className={styles.panel} data-theme="dark">
      <div className={styles.brand}>
        <Brand onNavigate={onNavigate} />
      </div>
      <hr className={styles.divider} />
      <div className={styles.links}>
        <NavLinks onNavigate={onNavigate} />
        <div className={styles.theme}>
          <ThemeToggle fullWidth />
        </div>
      </div>
    </div>
  );
}

/** The docked sidebar from 900 px: a fixed aside with its width reserved beside the content. */
export function Sidebar() {
  return (
    <div className={styles.dock}>
      <aside aria-label="Sidebar" className={styles.sidebar}>
        <SidebarContent />
      </aside>
    </div>
  );
}
