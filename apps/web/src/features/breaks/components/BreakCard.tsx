import { Link as RouterLink } from 'react-router';
import { Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { BREAK_FORMAT_LABELS, type BreakSummary } from '@grail/contract';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Countdown, ProductImage, SpotsProgress, StatusChip } from './BreakBits';

const price = (b: BreakSummary) =>
  b.spotPrice === b.maxSpotPrice
    ? `${formatUsd(b.spotPrice)} a spot`
    : `${formatUsd(b.spotPrice)} – ${formatUsd(b.maxSpotPrice)} a spot`;

/** A break in the list: product, format, price, progress and its next moment. */
export function BreakCard({ b }: { b: BreakSummary }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="break-card">
      <CardActionArea
        component={RouterLink}
        to={paths.breakDetail.getHref(b._id)}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex', flexDirection: 'column' }}
      >
        <ProductImage b={b} />
        <CardContent sx={{ width: '100%', flex: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
            <StatusChip status={b.status} />
            <Chip size="small" variant="outlined" label={BREAK_FORMAT_LABELS[b.format]} />
            <Chip size="small" variant="outlined" label={b.sport} />
          </Stack>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {b.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {b.boxes} box{b.boxes === 1 ? '' : 'es'} · {price(b)}
          </Typography>
          {(b.status === 'open' || b.status === 'filled') && <SpotsProgress b={b} />}
          <Stack sx={{ mt: 1.5 }}>
            {b.status === 'open' && (
              <Countdown label="Sales close in" to={b.salesDeadline} passed="Sales closed" />
            )}
            {b.status === 'filled' && (
              <Countdown label="Opens in" to={b.scheduledAt} passed="Opening any moment" />
            )}
            {b.status === 'live' && (
              <Typography variant="body2" color="error.main" sx={{ fontWeight: 700 }}>
                Opening now
              </Typography>
            )}
            {(b.status === 'completed' || b.status === 'cancelled') && (
              <Typography variant="body2" color="text.secondary">
                {b.status === 'completed' ? 'Opened' : 'Was set for'}{' '}
                {dateTimeFormat.format(new Date(b.endedAt ?? b.scheduledAt))}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
