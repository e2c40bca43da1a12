import { Brand } from './Brand';
import { NavLinks } from './NavLinks';
import styles from './Sidebar.module.css';

/** Brand and navigation (the theme toggle is the footer's, the only one): the desktop sidebar and the mobile drawer show the same. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className={styles.panel} data-theme="dark">
      <div className={styles.brand}>
        <Brand onNavigate={onNavigate} />
      </div>
      <hr className={styles.divider} />
      <div className={styles.links}>
        <NavLinks onNavigate={onNavigate} />
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
