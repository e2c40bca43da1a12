import clsx from 'clsx';
import { ShoppingCart, Wallet } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useCart } from '@/features/store/cart/useCart';
import { localCart } from '@/features/store/cart/localCart';
import { useWallet } from '@/lib/api/wallet';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './HeaderStatus.module.css';
import { ButtonLink } from '@/components/ui/Button';

const cardsLabel = (count: number) => `${count} card${count === 1 ? '' : 's'}`;

function CartLink({ count }: { count: number }) {
  return (
    <ButtonLink
      to={paths.cart.getHref()}
      color="inherit"
      size="small"
      className={styles.item}
      aria-label={`Cart, ${cardsLabel(count)}`}
    >
      <ShoppingCart aria-hidden size={20} />
      <span className={clsx(ui.countPill, styles.count)} aria-hidden>
        {count}
      </span>
    </ButtonLink>
  );
}

/** A visitor's cart lives in the browser: the header counts it without asking the server. */
function VisitorCart() {
  const ids = useSyncExternalStore(localCart.subscribe, localCart.get, () => []);
  return ids.length > 0 ? <CartLink count={ids.length} /> : null;
}

/**
 * Signed in: the wallet balance (to the wallet tab) and the cart with its count. Mounting the
 * cart here also merges a visitor's cart into the account's on whatever page the sign-in ends.
 */
function CollectorStatus() {
  const wallet = useWallet();
  const cart = useCart();
  return (
    <>
      <ButtonLink
        to={paths.dashboard.getHref({ tab: 'wallet' })}
        color="inherit"
        size="small"
        className={styles.item}
        aria-label={
          wallet.data ? `Wallet balance ${formatUsd(wallet.data.balance)}` : 'Wallet balance'
        }
      >
        <Wallet aria-hidden size={20} className={styles.walletIcon} />
        <span aria-hidden data-testid="header-balance">
          {wallet.data ? formatUsd(wallet.data.balance) : '—'}
        </span>
      </ButtonLink>
      <CartLink count={cart.count} />
    </>
  );
}

/** The top bar's money and cart, beside the account menu. */
export function HeaderStatus() {
  const { isLoggedIn } = useAuth();
  return <div className={styles.status}>{isLoggedIn ? <CollectorStatus /> : <VisitorCart />}</div>;
}
