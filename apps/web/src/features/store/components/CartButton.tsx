import clsx from 'clsx';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useCart } from '../cart/useCart';
import buttons from './buttons.module.css';
import { IconWithCount } from './CountBadge';

/** The way to the cart from every store page, with how many cards are in it. */
export function CartButton() {
  const { count } = useCart();
  return (
    <Link
      to={paths.cart.getHref()}
      className={clsx(ui.button, ui.outlined, buttons.outlined)}
      aria-label={`Cart (${count})`}
    >
      <IconWithCount count={count}>
        <ShoppingCart aria-hidden />
      </IconWithCount>
      Cart
    </Link>
  );
}
