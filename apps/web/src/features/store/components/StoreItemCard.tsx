import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { StoreItem } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { fmvDateFormat, useStoreReturn } from '../lib/storeReturn';
import { GradeBadge } from './GradeBadge';

/**
 * One card in the store grid: picture (5:7), name, grade, price and FMV to 2 decimals. Its name is
 * a heading one level below the list's own (`h2` right under the store's title).
 */
export function StoreItemCard({
  item,
  eager = false,
  heading = 'h3',
}: {
  item: StoreItem;
  eager?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const storeReturn = useStoreReturn();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="store-item">
      <CardActionArea
        component={Link}
        to={paths.product.getHref(item._id)}
        state={storeReturn}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ p: 1.5, pb: 0 }}>
          <CardImage
            src={item.imageUrl}
            alt={item.name}
            eager={eager}
            sizes="(max-width: 600px) 50vw, 280px"
          />
        </Box>
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography
            component={heading}
            variant="subtitle2"
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              minHeight: '2.6em',
            }}
          >
            {item.name}
          </Typography>
          <Box>
            <GradeBadge label={item.gradeLabel} />
          </Box>
          <Stack
            direction="row"
            sx={{
              alignItems: 'baseline',
              justifyContent: 'space-between',
              mt: 'auto',
              gap: 1,
              flexWrap: 'wrap',
            }}
          >
            <Typography
              variant="h6"
              component="p"
              sx={{ fontWeight: 800 }}
              data-testid="store-price"
            >
              {formatUsd(item.storePrice)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              FMV {formatUsd(item.fmv)}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" data-testid="fmv-source">
            {item.fmvSource} · {fmvDateFormat.format(new Date(item.fmvUpdatedAt))}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function StoreItemSkeleton() {
  return (
    <Card variant="outlined" aria-hidden data-testid="store-item-skeleton">
      <Box sx={{ p: 1.5, pb: 0 }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '5 / 7' }} />
      </Box>
      <CardContent>
        <Skeleton width="90%" />
        <Skeleton width="60%" />
        <Skeleton width="40%" height={32} />
      </CardContent>
    </Card>
  );
}
