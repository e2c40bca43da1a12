import { Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Link } from 'react-router';
import type { Product } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';

export type LineCard = Pick<
  Product,
  '_id' | 'name' | 'imageUrl' | 'storePrice' | 'gradeLabel' | 'status'
>;

export const isBuyable = (p: LineCard) => p.status === 'available' && p.storePrice !== null;

/** One card in the cart or checkout; a card sold meanwhile is flagged and can only be removed. */
export function CartLine({ product, onRemove }: { product: LineCard; onRemove?: () => void }) {
  const buyable = isBuyable(product);
  // Many cards are named with their grade ('… #9/111 BGS 8'): it is not repeated under the name.
  const gradeInName = product.name.includes(product.gradeLabel);
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', py: 1.5, opacity: buyable ? 1 : 0.7 }}
      data-testid="cart-line"
    >
      <Box sx={{ width: 56, flexShrink: 0 }}>
        <CardImage src={product.imageUrl} alt={product.name} sizes="56px" />
      </Box>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.5}>
        <Typography
          component={Link}
          to={paths.product.getHref(product._id)}
          sx={{
            fontWeight: 700,
            color: 'text.primary',
            textDecoration: 'none',
            '&:hover': { textDecoration: 'underline' },
          }}
        >
          {product.name}
        </Typography>
        {(!gradeInName || !buyable) && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {!gradeInName && (
              <Typography variant="body2" color="text.secondary">
                {product.gradeLabel}
              </Typography>
            )}
            {!buyable && (
              <Chip
                size="small"
                color="error"
                label={product.status === 'sold' ? 'Sold' : 'Unavailable'}
                data-testid="cart-line-sold"
              />
            )}
          </Stack>
        )}
      </Stack>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {product.storePrice !== null ? formatUsd(product.storePrice) : '—'}
      </Typography>
      {onRemove && (
        <IconButton onClick={onRemove} aria-label={`Remove ${product.name}`}>
          <DeleteOutlineIcon />
        </IconButton>
      )}
    </Stack>
  );
}
