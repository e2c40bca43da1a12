import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Divider,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import {
  SHIPPING_PROMISE_HOURS,
  STORE_SHIPPING_CENTS,
  ShippingAddress,
  TOP_UP_MIN,
  type Product,
} from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { formatShipping, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { productKeys } from '@/lib/api/products';
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { useLimits } from '@/lib/api/limits';
import { LimitStopAlert, RefusalAlert } from '@/components/RefusalAlert';
import { usePlaceOrder } from '../api/usePlaceOrder';
import { useProducts } from '../api/useProduct';
import { cartKeys, useCart } from '../cart/useCart';
import { AddressFields, parseAddress, type AddressErrors } from '@/components/AddressFields';
import { CartLine, isBuyable } from '../components/CartLine';

const newKey = () => crypto.randomUUID();

/** /checkout: the cards (cart, or one with 'Buy now'), the address, the wallet, place order. */
export default function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const buyId = searchParams.get('buy');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const cart = useCart();
  const single = useProducts(buyId ? [buyId] : []);
  const items: Product[] = buyId ? single.flatMap((q) => (q.data ? [q.data] : [])) : cart.items;
  const itemsLoading = buyId ? single.some((q) => q.isPending) : cart.isLoading;
  const buyable = items.filter(isBuyable);
  const unavailable = items.filter((p) => !isBuyable(p));
  const totalCents = buyable.reduce(
    (sum, p) => sum + Math.round((p.storePrice ?? 0) * 100),
    STORE_SHIPPING_CENTS,
  );

  const wallet = useWallet();
  const balanceCents = Math.round((wallet.data?.balance ?? 0) * 100);
  const shortfallCents = Math.max(0, totalCents - balanceCents);
  const topUpCents = Math.max(TOP_UP_MIN * 100, shortfallCents);

  const [address, setAddress] = useState<Partial<ShippingAddress>>(
    () => user?.shippingAddress ?? {},
  );
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [problem, setProblem] = useState<unknown>(null);
  const idempotencyKey = useRef(newKey());
  const placeOrder = usePlaceOrder();
  const topUp = useTopUp();
  const limits = useLimits({ enabled: Boolean(user) });

  const cannotBuy = useMemo(() => {
    if (!user) return null;
    if (!user.emailVerified) return 'Please verify your email address before buying.';
    if (!user.profileComplete) return 'Please complete your profile before buying.';
    return null;
  }, [user]);

  const startTopUp = () => {
    setProblem(null);
    topUp.mutate(
      { amount: topUpCents / 100, returnPath: `${location.pathname}${location.search}` },
      { onError: setProblem },
    );
  };

  const submit = () => {
    setProblem(null);
    const parsed = parseAddress(address);
    if (parsed.errors) {
      setAddressErrors(parsed.errors);
      return;
    }
    setAddressErrors({});
    placeOrder.mutate(
      {
        body: { items: buyable.map((p) => p._id), shippingAddress: parsed.address },
        key: idempotencyKey.current,
      },
      {
        onSuccess: ({ order }) => {
          notify.success('Order placed!');
          navigate(paths.orderSuccess.getHref({ orderId: order._id }), { replace: true });
        },
        onError: (error) => {
          // Nothing was written, so the next attempt may use a fresh key.
          idempotencyKey.current = newKey();
          if (error instanceof ApiError && error.status === 402) void wallet.refetch();
          if (error instanceof ApiError && error.status === 409) {
            // Show which card was sold: the cart and the cards are read again.
            void queryClient.invalidateQueries({ queryKey: cartKeys.all });
            void queryClient.invalidateQueries({ queryKey: productKeys.all });
          }
          setProblem(error);
        },
      },
    );
  };

  if (itemsLoading) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }} aria-busy="true">
        <Skeleton height={48} width={240} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
        <title>Checkout | Grail Machine</title>
        <Typography variant="h4" component="h1">
          Checkout
        </Typography>
        <Typography color="text.secondary">There is nothing to check out.</Typography>
        <Button component={Link} to={paths.store.getHref()} variant="contained">
          Browse the store
        </Button>
      </Stack>
    );
  }

  const topUpResult = searchParams.get('topUp');
  return (
    <Box component="section" sx={{ maxWidth: 1040 }}>
      <title>Checkout | Grail Machine</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Checkout
      </Typography>
      {topUpResult === 'success' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Funds added to your wallet.
        </Alert>
      )}
      {topUpResult === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The top-up was cancelled; nothing was charged.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { md: '1fr 380px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Cards
            </Typography>
            {unavailable.length > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {unavailable.map((p) => `"${p.name}"`).join(', ')}{' '}
                {unavailable.length === 1 ? 'has' : 'have'} been sold meanwhile and will not be
                ordered.
              </Alert>
            )}
            <Stack divider={<Divider flexItem />}>
              {items.map((p) => (
                <CartLine key={p._id} product={p} />
              ))}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Shipping address
            </Typography>
            <AddressFields value={address} errors={addressErrors} onChange={setAddress} />
          </Paper>
        </Stack>
        <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              Payment
            </Typography>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>Shipping</Typography>
              <Typography data-testid="checkout-shipping">{formatShipping()}</Typography>
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>Total</Typography>
              <Typography sx={{ fontWeight: 800 }} data-testid="checkout-total">
                {formatUsd(totalCents / 100)}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography>Wallet balance</Typography>
              <Typography data-testid="wallet-balance">
                {wallet.isPending ? '…' : formatUsd(balanceCents / 100)}
              </Typography>
            </Stack>
            <Divider />
            {cannotBuy && (
              <Alert severity="warning">
                {cannotBuy}{' '}
                <MuiLink
                  component={Link}
                  to={paths.completeProfile.getHref({
                    redirectTo: `${location.pathname}${location.search}`,
                  })}
                >
                  Complete your profile
                </MuiLink>
              </Alert>
            )}
            {shortfallCents > 0 && !wallet.isPending && (
              <Alert severity="info" data-testid="shortfall">
                Add {formatUsd(shortfallCents / 100)} to your wallet to place this order.
              </Alert>
            )}
            <LimitStopAlert limits={limits.data} amount={totalCents / 100} />
            <RefusalAlert error={problem} />
            {shortfallCents > 0 ? (
              <Button
                variant="contained"
                size="large"
                onClick={startTopUp}
                disabled={topUp.isPending || wallet.isPending || Boolean(cannotBuy)}
              >
                Add {formatUsd(topUpCents / 100)} to wallet
              </Button>
            ) : (
              <Button
                variant="contained"
                size="large"
                onClick={submit}
                disabled={placeOrder.isPending || buyable.length === 0 || Boolean(cannotBuy)}
              >
                {placeOrder.isPending
                  ? 'Placing order…'
                  : `Place order · ${formatUsd(totalCents / 100)}`}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              Ships within {SHIPPING_PROMISE_HOURS} hours of payment.
            </Typography>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
