import { Suspense, lazy, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, CircleUser } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './AccountArea.module.css';

const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/** Signed in: the 'My Account' menu; a visitor: Login and Register. */
export function AccountArea() {
  const { isLoggedIn } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Built on first open, then kept so it can fade out when closed.
  const [menuBuilt, setMenuBuilt] = useState(false);
  const redirectTo = useReturnPath();
  if (!isLoggedIn) {
    return (
      <div className={styles.actions}>
        <Link
          to={paths.login.getHref({ redirectTo })}
          className={clsx(ui.button, ui.text, ui.small)}
        >
          Login
        </Link>
        <Link
          to={paths.register.getHref({ redirectTo })}
          className={clsx(ui.button, ui.containedSecondary, ui.small)}
        >
          Register
        </Link>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        id="my-account-button"
        className={clsx(ui.button, ui.text, ui.small, styles.account)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'my-account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setMenuBuilt(true);
          setAnchor(event.currentTarget);
        }}
      >
        <CircleUser aria-hidden size={20} />
        {/* On a phone the icon stands for it; the name stays for screen readers. */}
        <span className={ui.labelOnWide}>My Account</span>
        <ChevronDown aria-hidden size={20} className={styles.chevron} />
      </button>
      {menuBuilt && (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
