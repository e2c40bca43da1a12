import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Link as MuiLink,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link, useNavigate, useParams } from 'react-router';
import { SHIPPING_PROMISE_HOURS, type Product, type StoreItem } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useStoreItems } from '@/lib/api/products';
import { formatUsd } from '@/lib/format';
import { resolveImageUrl } from '@/lib/images';
import { paths } from '@/lib/paths';
import { useProduct } from '../api/useProduct';
import { useSoldComparables } from '../api/useSoldComparables';
import { useCart } from '../cart/useCart';
import { GradeBadge } from '../components/GradeBadge';
import { PageHeader } from '../components/PageHeader';
import { ProductGallery } from '../components/ProductGallery';
import { StoreItemCard } from '../components/StoreItemCard';
import { fmvDateFormat, useStoreReturn } from '../lib/storeReturn';
import ui from '@/lib/styles/ui.module.css';

function Details({ product }: { product: Product }) {
  const rows: [string, React.ReactNode][] = [
    ['Player', product.player],
    ['Year', product.year],
    ['Set', product.setName],
    ['Card number', `#${product.cardNumber}`],
    ['Sport', product.sport],
    ...(product.team ? [['Team', product.team] as [string, string]] : []),
    ...(product.variant ? [['Variant', product.variant] as [string, string]] : []),
    ['Grader', product.grader ?? 'Raw (ungraded)'],
    ...(product.grade ? [['Grade', product.grade] as [string, string]] : []),
    ...(product.conditionNote ? [['Condition', product.conditionNote] as [string, string]] : []),
  ];
  if (product.certNumber) {
    rows.push([
      'Cert number',
      product.certUrl ? (
        <MuiLink href={product.certUrl} target="_blank" rel="noopener noreferrer">
          {product.certNumber} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
          <span className={ui.visuallyHidden}>{` (verify on ${product.grader})`}</span>
        </MuiLink>
      ) : (
        product.certNumber
      ),
    ]);
  }
  return (
    <Table size="small" aria-label="Card details">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Where the FMV comes from and when it was set, so the price has a reference. */
const FmvSource = ({ product }: { product: Product }) => (
  <Typography variant="body2" color="text.secondary" data-testid="fmv-source">
    FMV source: {product.fmvSource}, {fmvDateFormat.format(new Date(product.fmvUpdatedAt))}
  </Typography>
);

function PriceBlock({ product }: { product: Product }) {
  if (product.storePrice === null) {
    return (
      <Stack spacing={0.5}>
        <Typography color="text.secondary">
          FMV {formatUsd(product.fmv)}: this card is not sold in the store.
        </Typography>
        <FmvSource product={product} />
      </Stack>
    );
  }
  const diff = product.fmv - product.storePrice;
  return (
    <Stack spacing={0.5}>
      <Typography variant="h3" component="p" sx={{ fontWeight: 800 }} data-testid="product-price">
        {formatUsd(product.storePrice)}
      </Typography>
      <Typography color="text.secondary">
        Fair market value {formatUsd(product.fmv)}
        {diff > 0 && (
          <Box component="span" sx={{ color: 'success.main', fontWeight: 700 }}>
            {` · ${formatUsd(diff)} below FMV`}
          </Box>
        )}
      </Typography>
      <FmvSource product={product} />
    </Stack>
  );
}

/** Cards of the same player sold here, when there are any: what comparable cards went for. */
function RecentlySold({ product }: { product: Product }) {
  const { data } = useSoldComparables(product._id);
  if (!data || data.sold.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 6 }} aria-labelledby="sold-heading">
      <Typography id="sold-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Recently sold: {product.player}
      </Typography>
      <Table size="small" aria-label="Recently sold comparable cards">
        <TableBody>
          {data.sold.map((sold) => (
            <TableRow key={sold._id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <MuiLink component={Link} to={paths.product.getHref(sold._id)}>
                  {sold.name}
                </MuiLink>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {sold.gradeLabel}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <strong>{formatUsd(sold.price)}</strong>
                <Typography variant="caption" component="p" color="text.secondary">
                  {fmvDateFormat.format(new Date(sold.soldAt))}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** More from this card's player, or from its set when the store has no other card of the player. */
function Related({ product }: { product: Product }) {
  const others = (products: StoreItem[] | undefined) =>
    (products ?? []).filter((p) => p._id !== product._id).slice(0, 4);
  const byPlayer = useStoreItems({ q: product.player, limit: '5', sort: 'fmv', order: 'desc' });
  const playerCards = others(byPlayer.data?.products);
  const bySet = useStoreItems(
    { q: product.setName, limit: '5', sort: 'fmv', order: 'desc' },
    { enabled: byPlayer.isSuccess && playerCards.length === 0 },
  );
  const fromSet = playerCards.length === 0;
  const related = fromSet ? others(bySet.data?.products) : playerCards;
  if (related.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 6 }} aria-labelledby="related-heading">
      <Typography id="related-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        More from {fromSet ? product.setName : product.player}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {related.map((item) => (
          <StoreItemCard key={item._id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

/** /product/:id: gallery, details, price vs FMV, add to cart or buy now, related cards. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const cart = useCart();
  const { data: product, isPending, error } = useProduct(id);
  const { storeSearch } = useStoreReturn();
  const backToStore = (
    <MuiLink
      component={Link}
      to={paths.store.getHref(storeSearch)}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" /> Back to the store
    </MuiLink>
  );

  if (isPending) {
    return (
      <Box
        sx={{ display: 'grid', gap: 4, gridTemplateColumns: { md: '420px 1fr' } }}
        aria-busy="true"
      >
        <Skeleton variant="rounded" sx={{ aspectRatio: '5 / 7', height: 'auto' }} />
        <Stack spacing={2}>
          <Skeleton height={48} width="80%" />
          <Skeleton height={64} width="40%" />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </Box>
    );
  }
  if (error || !product) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }}>
        <title>Card not found | Grail Machine</title>
        <Typography variant="h4" component="h1">
          {missing ? 'Card not found' : 'Could not load this card.'}
        </Typography>
        <Typography color="text.secondary">
          {missing
            ? 'This card does not exist or was removed from the store.'
            : 'Please try again in a moment.'}
        </Typography>
        <Button component={Link} to={paths.store.getHref()} variant="contained">
          Back to the store
        </Button>
      </Stack>
    );
  }

  const forSale = product.status === 'available' && product.storePrice !== null;
  const inCart = cart.has(product._id);
  const description = `${product.gradeLabel} · ${product.storePrice !== null ? formatUsd(product.storePrice) : `FMV ${formatUsd(product.fmv)}`}`;
  const ogImage = resolveImageUrl(product.imageUrl);
  return (
    <Box component="article">
      <title>{`${product.name} | Grail Machine`}</title>
      {backToStore}
      <meta name="description" content={description} />
      <meta property="og:title" content={product.name} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="product" />
      {ogImage && <meta property="og:image" content={`${ogImage}?size=lg`} />}
      <PageHeader title={product.name}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <GradeBadge label={product.gradeLabel} size="medium" />
          {product.status === 'sold' && <Chip label="Sold" color="error" data-testid="sold-chip" />}
        </Stack>
      </PageHeader>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { md: 'minmax(280px, 420px) 1fr' },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: { xs: 360, md: 'none' }, mx: { xs: 'auto', md: 0 } }}>
          <ProductGallery images={product.images} name={product.name} />
        </Box>
        <Stack spacing={3}>
          <PriceBlock product={product} />
          {forSale ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                variant="outlined"
                size="large"
                startIcon={<AddShoppingCartIcon />}
                onClick={() => (inCart ? navigate(paths.cart.getHref()) : cart.add(product._id))}
              >
                {inCart ? 'In cart: view cart' : 'Add to cart'}
              </Button>
              <Button
                variant="contained"
                size="large"
                onClick={() => navigate(paths.checkout.getHref({ buy: product._id }))}
              >
                Buy now
              </Button>
            </Stack>
          ) : (
            <Alert severity={product.status === 'sold' ? 'warning' : 'info'}>
              {product.status === 'sold'
                ? 'This card has been sold.'
                : 'This card is not available in the store.'}
            </Alert>
          )}
          {forSale && (
            <Typography variant="body2" color="text.secondary">
              Paid from your wallet. Ships within {SHIPPING_PROMISE_HOURS} hours.
            </Typography>
          )}
          <Divider />
          <Details product={product} />
        </Stack>
      </Box>
      <RecentlySold product={product} />
      <Related product={product} />
    </Box>
  );
}
