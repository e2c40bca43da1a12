import {
  Dices,
  Headset,
  LayoutDashboard,
  ShieldCheck,
  Store,
  Handshake,
  Tag,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import styles from './NavLinks.module.css';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

function ItemContent({ label, icon: Icon }: Pick<NavItem, 'label' | 'icon'>) {
  return (
    <>
      <span className={styles.icon}>
        <Icon aria-hidden size={22} />
      </span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/**
 * The shell's links, in a fixed order; Breaks only with its flag, Dashboard only when signed in,
 * Admin only for staff.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { isLoggedIn, user } = useAuth();
  const { flags, supportEmail } = usePublicConfig();
  const items: NavItem[] = [
    { label: 'Grail Machine', href: paths.grailMachine.getHref(), icon: Dices },
    { label: 'Store', href: paths.store.getHref(), icon: Store },
    { label: 'Marketplace', href: paths.market.getHref(), icon: Handshake },
    { label: 'Sell Cards', href: paths.sellCards.getHref(), icon: Tag },
    ...(flags.BREAKS_ENABLED
      ? [{ label: 'Breaks', href: paths.breaks.getHref(), icon: Users }]
      : []),
    ...(isLoggedIn
      ? [{ label: 'Dashboard', href: paths.dashboard.getHref(), icon: LayoutDashboard }]
      : []),
    ...(user?.role === 'admin'
      ? [{ label: 'Admin', href: paths.admin.getHref(), icon: ShieldCheck }]
      : []),
  ];
  return (
    <nav aria-label="Main" className={styles.nav}>
      {items.map((item) => (
        <NavLink
          key={item.href}
          to={item.href}
          onClick={onNavigate}
          className={({ isActive }) => clsx(styles.item, isActive && styles.active)}
        >
          <ItemContent label={item.label} icon={item.icon} />
        </NavLink>
      ))}
      <a href={`mailto:${supportEmail}`} className={styles.item}>
        <ItemContent label="Contact Support" icon={Headset} />
      </a>
    </nav>
  );
}
