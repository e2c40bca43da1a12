import { Suspense, lazy, useState } from 'react';
import { ChevronDown, CircleUser } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useReturnPath } from '@/lib/auth/returnPath';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './AccountArea.module.css';
import { Button, buttonClass } from '@/components/ui/Button';

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
          className={buttonClass({ variant: 'text', color: 'inherit', size: 'small' })}
        >
          Login
        </Link>
        <Link
          to={paths.register.getHref({ redirectTo })}
          className={buttonClass({ variant: 'contained', color: 'secondary', size: 'small' })}
        >
          Register
        </Link>
      </div>
    );
  }
  const account = (
    <Button
      variant="text"
      color="inherit"
      size="small"
      className={styles.account}
      aria-haspopup="menu"
      onClick={() => setMenuBuilt(true)}
    >
      <CircleUser aria-hidden size={20} />
      {/* On a phone the icon stands for it; the name stays for screen readers. */}
      <span className={ui.labelOnWide}>My Account</span>
      <ChevronDown aria-hidden size={20} className={styles.chevron} />
    </Button>
  );
  if (!menuBuilt) return account;
  return (
    <Suspense fallback={account}>
      <AccountMenu trigger={account} />
    </Suspense>
  );
}
