import { Alert, Box, Button, Divider, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { STORE_SHIPPING_CENTS } from '@grail/contract';
import { formatShipping, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCart } from '../cart/useCart';
import { CartLine, isBuyable } from '../components/CartLine';

/** /cart: the cards chosen so far; sold ones are flagged; checkout buys the rest. */
export default function CartPage() {
  const cart = useCart();
  const buyable = cart.items.filter(isBuyable);
  const unavailable = cart.items.filter((p) => !isBuyable(p));
  const total = buyable.reduce((sum, p) => sum + (p.storePrice ?? 0), STORE_SHIPPING_CENTS / 100);

  return (
    <Box component="section" sx={{ maxWidth: 760 }}>
      <title>Cart | Grail Machine</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Your cart
      </Typography>
      {cart.isLoading && cart.count > 0 ? (
        <Stack spacing={1}>
          {Array.from({ length: Math.min(cart.count, 3) }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={80} />
          ))}
        </Stack>
      ) : cart.count === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">Your cart is empty.</Typography>
          <Button component={Link} to={paths.store.getHref()} variant="contained">
            Browse the store
          </Button>
        </Stack>
      ) : (
        <Paper variant="outlined" sx={{ px: 2 }}>
          {unavailable.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {unavailable.length === 1
                ? 'A card in your cart has been sold meanwhile. Remove it to continue.'
                : `${unavailable.length} cards in your cart have been sold meanwhile. Remove them to continue.`}
            </Alert>
          )}
          <Stack divider={<Divider flexItem />}>
            {cart.items.map((p) => (
              <CartLine key={p._id} product={p} onRemove={() => cart.remove(p._id)} />
            ))}
          </Stack>
          <Divider />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ py: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Box>
              <Typography color="text.secondary">
                Shipping: <span data-testid="cart-shipping">{formatShipping()}</span>
              </Typography>
              <Typography variant="h6" component="p">
                Total: <strong data-testid="cart-total">{formatUsd(total)}</strong>
              </Typography>
            </Box>
            <Stack direction="row" spacing={1.5}>
              {unavailable.length > 0 && (
                <Button onClick={() => cart.removeMany(unavailable.map((p) => p._id))}>
                  Remove sold cards
                </Button>
              )}
              <Button
                component={Link}
                to={paths.checkout.getHref()}
                variant="contained"
                size="large"
                disabled={buyable.length === 0 || unavailable.length > 0}
              >
                Checkout
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
