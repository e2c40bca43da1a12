import { Badge, Button } from '@mui/material';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useCart } from '../cart/useCart';

/** The way to the cart from every store page, with how many cards are in it. */
export function CartButton() {
  const { count } = useCart();
  return (
    <Button
      component={Link}
      to={paths.cart.getHref()}
      variant="outlined"
      startIcon={
        <Badge badgeContent={count} color="secondary">
          <ShoppingCartOutlined />
        </Badge>
      }
      aria-label={`Cart (${count})`}
    >
      Cart
    </Button>
  );
}
