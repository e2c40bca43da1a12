import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Pagination,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link } from 'react-router';
import type { Order } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { useMyOrders } from '@/lib/api/orders';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';

const PAGE_SIZE = 10;

const SHIPMENT: Record<
  Order['shipment']['status'],
  { label: string; color: 'info' | 'primary' | 'success' }
> = {
  pending: { label: 'Preparing to ship', color: 'info' },
  shipped: { label: 'Shipped', color: 'primary' },
  delivered: { label: 'Delivered', color: 'success' },
};

function OrderDetail({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <Stack spacing={2}>
      {order.items.map((item) => (
        <Stack key={item.cardId} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 48, flexShrink: 0 }}>
            <CardImage src={item.imageUrl} alt={item.name} sizes="48px" />
          </Box>
          <Typography
            component={Link}
            to={paths.product.getHref(item.cardId)}
            sx={{ flexGrow: 1, color: 'text.primary' }}
          >
            {item.name}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatUsd(item.price)}</Typography>
        </Stack>
      ))}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2">Ships to</Typography>
          <Typography variant="body2" color="text.secondary">
            {a.name}
            <br />
            {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}
            <br />
            {a.city}, {a.state} {a.postalCode}, {a.country}
          </Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2">Shipping</Typography>
          <Typography variant="body2" color="text.secondary">
            {order.shipment.status === 'pending'
              ? `Ships by ${dateTimeFormat.format(new Date(order.shipBy))}`
              : `Shipped ${order.shipment.shippedAt ? dateTimeFormat.format(new Date(order.shipment.shippedAt)) : ''}`}
            {order.shipment.trackingNumber && (
              <>
                <br />
                Tracking: {order.shipment.carrier ? `${order.shipment.carrier} ` : ''}
                <TrackingLink
                  carrier={order.shipment.carrier}
                  trackingNumber={order.shipment.trackingNumber}
                />
              </>
            )}
          </Typography>
        </Box>
      </Box>
    </Stack>
  );
}

/** Dashboard 'Orders': each store order with its status, contents, address and tracking. */
export function OrdersTab() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMyOrders(page, PAGE_SIZE);
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        Could not load your orders.
      </Alert>
    );
  }
  if (data.orders.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">You have no store orders yet.</Typography>
        <Button component={Link} to={paths.store.getHref()} variant="contained">
          Browse the store
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} data-testid="orders-list">
      {data.orders.map((order) => {
        const shipment = SHIPMENT[order.shipment.status];
        return (
          <Accordion key={order._id} variant="outlined" disableGutters data-testid="order-row">
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              // The summary's content box may shrink, so a long card name is cut, not the page.
              sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 2 }}
                sx={{
                  flexGrow: 1,
                  minWidth: 0,
                  alignItems: { xs: 'flex-start', sm: 'center' },
                  pr: 1,
                }}
              >
                <Typography
                  sx={{
                    fontWeight: 700,
                    minWidth: 0,
                    maxWidth: '100%',
                    flexGrow: 1,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {order.items.length === 1 ? order.items[0]!.name : `${order.items.length} cards`}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {dateTimeFormat.format(new Date(order.createdAt))}
                </Typography>
                <Chip size="small" label={shipment.label} color={shipment.color} />
                <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
                  {formatUsd(order.total)}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <OrderDetail order={order} />
            </AccordionDetails>
          </Accordion>
        );
      })}
      {data.total > PAGE_SIZE && (
        <Stack sx={{ alignItems: 'center', pt: 1 }}>
          <Pagination
            count={Math.ceil(data.total / PAGE_SIZE)}
            page={page}
            onChange={(_, p) => setPage(p)}
          />
        </Stack>
      )}
    </Stack>
  );
}
