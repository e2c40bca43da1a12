import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useNewArrivals } from '../api/useNewArrivals';
import { cardSource } from './cardSource';
import { newArrivalsGrid as grid, NewArrivalsPlaceholder } from './NewArrivalsPlaceholder';

/** The 4 newest store items (loaded on demand, with the query, as the section nears the screen). */
export default function NewArrivalsGrid() {
  const arrivals = useNewArrivals();
  const items = arrivals.data ?? [];
  return arrivals.isPending ? (
    <NewArrivalsPlaceholder />
  ) : items.length === 0 ? (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
      No new store items to display.
    </Typography>
  ) : (
    <Box component="ul" sx={grid} data-testid="new-arrivals">
      {items.map((item) => (
        <Box component="li" key={item._id}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={paths.product.getHref(item._id)}
              sx={{
                p: 1.5,
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
              }}
            >
              <CardImage
                src={cardSource(item)}
                alt={item.name}
                sizes="(max-width: 900px) 45vw, 260px"
              />
              <Typography
                component="h3"
                variant="subtitle1"
                sx={{
                  mt: 1,
                  fontWeight: 700,
                  fontSize: { xs: '0.9rem', sm: '1rem' },
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
              <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 800 }}>
                {formatUsd(item.storePrice)}
              </Typography>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
