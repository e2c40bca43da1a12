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
  // Built on the first press, then kept: the menu owns the button from then on.
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
  const account = (
    <button
      type="button"
      className={clsx(ui.button, ui.text, ui.small, styles.account)}
      aria-haspopup="menu"
      onClick={() => setMenuBuilt(true)}
    >
      <CircleUser aria-hidden size={20} />
      {/* On a phone the icon stands for it; the name stays for screen readers. */}
      <span className={ui.labelOnWide}>My Account</span>
      <ChevronDown aria-hidden size={20} className={styles.chevron} />
    </button>
  );
  if (!menuBuilt) return account;
  return (
    <Suspense fallback={account}>
      <AccountMenu trigger={account} />
    </Suspense>
  );
}
