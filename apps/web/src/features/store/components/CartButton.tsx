import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useCart } from '../cart/useCart';
import { IconWithCount } from './CountBadge';
import { buttonClass } from '@/components/ui/Button';

/** The way to the cart from every store page, with how many cards are in it. */
export function CartButton() {
  const { count } = useCart();
  return (
    <Link
      to={paths.cart.getHref()}
      className={buttonClass({ variant: 'outlined' })}
      aria-label={`Cart (${count})`}
    >
      <IconWithCount count={count}>
        <ShoppingCart aria-hidden />
      </IconWithCount>
      Cart
    </Link>
  );
}
