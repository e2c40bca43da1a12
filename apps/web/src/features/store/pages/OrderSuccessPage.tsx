import { Alert, Box, Button, Divider, Paper, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Link, useSearchParams } from 'react-router';
import { SHIPS_WITHIN_TEXT } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOrder } from '@/lib/api/orders';
import { isNotFound } from '@/lib/api/notFound';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { CartLine } from '../components/CartLine';

/** /order-success?orderId=…: what was bought, where it goes, and the 48-hour promise. */
export default function OrderSuccessPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  const { data, isPending, isError, error } = useOrder(orderId);
  const order = data?.order;
  if (isNotFound(error)) return <NotFoundPage />;

  return (
    <Box component="section" sx={{ maxWidth: 720 }}>
      <title>Order placed | Grail Machine</title>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 40 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Thank you for your order!
        </Typography>
      </Stack>
      <Typography variant="h6" component="p" color="success.main" sx={{ mb: 3 }}>
        {SHIPS_WITHIN_TEXT}
      </Typography>
      {orderId && isPending && <Skeleton variant="rounded" height={220} />}
      {(!orderId || isError) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your orders and their shipping status are in your dashboard.
        </Alert>
      )}
      {order && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-summary">
          <Typography variant="subtitle2" color="text.secondary">
            Order {order._id.slice(0, 8).toUpperCase()} · paid{' '}
            {dateTimeFormat.format(new Date(order.paidAt))}
          </Typography>
          <Stack divider={<Divider flexItem />} sx={{ my: 1 }}>
            {order.items.map((item) => (
              <CartLine
                key={item.cardId}
                product={{
                  _id: item.cardId,
                  name: item.name,
                  imageUrl: item.imageUrl,
                  storePrice: item.price,
                  status: 'available',
                  gradeLabel: 'Paid',
                }}
              />
            ))}
          </Stack>
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between', py: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>Total paid</Typography>
            <Typography sx={{ fontWeight: 800 }}>{formatUsd(order.total)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Shipping to {order.shippingAddress.name}, {order.shippingAddress.line1},{' '}
            {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
            {order.shippingAddress.postalCode}, {order.shippingAddress.country}. Ships by{' '}
            {dateTimeFormat.format(new Date(order.shipBy))}.
          </Typography>
        </Paper>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
        <Button component={Link} to={`${paths.dashboard.getHref()}?tab=orders`} variant="contained">
          View your orders
        </Button>
        <Button component={Link} to={paths.store.getHref()}>
          Keep shopping
        </Button>
      </Stack>
    </Box>
  );
}
