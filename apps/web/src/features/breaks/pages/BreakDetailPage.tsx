import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  BREAK_FORMAT_LABELS,
  BREAK_MAX_SPOTS_PER_PURCHASE,
  UNOWNED_HIT_RULE_TEXT,
  type BreakDetail,
} from '@grail/contract';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBreak } from '../api/useBreak';
import { useBreakEvents } from '../api/useBreakEvents';
import { Countdown, ProductImage, SpotsProgress, StatusChip } from '../components/BreakBits';
import { BuySpotsDialog } from '../components/BuySpotsDialog';
import { FairnessPanel } from '../components/FairnessPanel';
import { HitCard } from '../components/HitCard';
import { SpotsTable } from '../components/SpotsTable';
import { StreamEmbed } from '../components/StreamEmbed';
import { GridColumns } from '@/components/GridColumns';

const when = (iso: string) => dateTimeFormat.format(new Date(iso));

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

/** Buying: how many spots (random team) or which teams (pick your team), then the dialog. */
function BuyBox({
  b,
  selected,
  onBought,
}: {
  b: BreakDetail;
  selected: number[];
  onBought: (what: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const left = b.totalSpots - b.spotsSold;
  const [quantity, setQuantity] = useState(1);
  const pick = b.format === 'pick_team';
  const max = Math.min(left, BREAK_MAX_SPOTS_PER_PURCHASE);
  const chosenTotal = b.spots
    .filter((s) => selected.includes(s.spotNumber))
    .reduce((sum, s) => sum + Math.round(s.price * 100), 0);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
      {pick ? (
        <Typography variant="body2" color="text.secondary">
          {selected.length === 0
            ? 'Tick the teams you want in the list of spots.'
            : `${selected.length} team${selected.length === 1 ? '' : 's'} chosen.`}
        </Typography>
      ) : (
        <TextField
          select
          size="small"
          label="Spots"
          value={Math.min(quantity, max)}
          onChange={(e) => setQuantity(Number(e.target.value))}
          sx={{ width: { xs: '100%', sm: 110 } }}
        >
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={pick ? selected.length === 0 : max < 1}
        onClick={() => setOpen(true)}
      >
        {pick
          ? selected.length
            ? `Buy ${selected.length} team${selected.length === 1 ? '' : 's'} · ${formatUsd(chosenTotal / 100)}`
            : 'Buy teams'
          : `Buy ${Math.min(quantity, max)} spot${quantity === 1 ? '' : 's'} · ${formatUsd(
              Math.round(Math.min(quantity, max) * b.spotPrice * 100) / 100,
            )}`}
      </Button>
      <BuySpotsDialog
        b={b}
        quantity={Math.min(quantity, max)}
        spotNumbers={selected}
        open={open}
        onClose={() => setOpen(false)}
        onBought={() => {
          setOpen(false);
          onBought(
            pick
              ? b.spots
                  .filter((s) => selected.includes(s.spotNumber))
                  .map((s) => s.team)
                  .join(', ')
              : `${Math.min(quantity, max)} spot${quantity === 1 ? '' : 's'}`,
          );
        }}
      />
    </Stack>
  );
}

/** /breaks/:id: the product, the spots and their holders, buying, the hits and the fairness data. */
export default function BreakDetailPage() {
  const { id } = useParams();
  const query = useBreak(id);
  useBreakEvents(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [bought, setBought] = useState<string | null>(null);
  const b = query.data;

  if (query.isPending) {
    return (
      <Box sx={{ py: { xs: 2, sm: 4 } }} role="status" aria-label="Loading the break">
        <Skeleton variant="text" width="60%" height={48} />
        <Skeleton variant="rounded" height={260} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (query.isError || !b) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <Box sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          Could not load this break.
        </Alert>
        <Button component={RouterLink} to={paths.breaks.getHref()} sx={{ mt: 2 }}>
          All breaks
        </Button>
      </Box>
    );
  }

  const onSale = b.status === 'open';
  const toggle = (n: number) =>
    setSelected((s) => (s.includes(n) ? s.filter((x) => x !== n) : [...s, n]));
  const hits = [...b.hits].sort((x, y) => y.hitNumber - x.hitNumber);
  const price =
    b.spotPrice === b.maxSpotPrice
      ? formatUsd(b.spotPrice)
      : `${formatUsd(b.spotPrice)} – ${formatUsd(b.maxSpotPrice)}`;

  return (
    <Box component="article" sx={{ py: { xs: 2, sm: 4 } }}>
      <Link component={RouterLink} to={paths.breaks.getHref()} variant="body2">
        ← All breaks
      </Link>
      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: b.imageUrl ? '360px 1fr' : '1fr' },
          alignItems: 'start',
        }}
      >
        <ProductImage b={b} eager />
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <StatusChip status={b.status} />
            <Chip size="small" variant="outlined" label={BREAK_FORMAT_LABELS[b.format]} />
            <Chip size="small" variant="outlined" label={b.sport} />
          </Stack>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.125rem' }, lineHeight: 1.2 }}
          >
            {b.title}
          </Typography>
          {b.description && (
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {b.description}
            </Typography>
          )}
          <GridColumns
            columns={{ xs: '1fr 1fr', sm: 'repeat(4, auto)' }}
            sx={{ justifyContent: 'start' }}
          >
            <Fact label={b.format === 'pick_team' ? 'Team price' : 'Spot price'} value={price} />
            <Fact
              label="Product"
              value={`${b.boxes} box${b.boxes === 1 ? '' : 'es'} × ${b.packsPerBox} packs`}
            />
            <Fact label="Sales close" value={when(b.salesDeadline)} />
            <Fact label="Opening" value={when(b.scheduledAt)} />
          </GridColumns>
          {(b.status === 'open' || b.status === 'filled') && <SpotsProgress b={b} />}
          <Stack direction="row" spacing={4} useFlexGap flexWrap="wrap">
            {onSale && (
              <Countdown label="Sales close in" to={b.salesDeadline} passed="Sales closed" />
            )}
            {(b.status === 'open' || b.status === 'filled') && (
              <Countdown label="Opens in" to={b.scheduledAt} passed="Opening any moment" />
            )}
          </Stack>
          {onSale && (
            <BuyBox
              b={b}
              selected={selected}
              onBought={(what) => {
                setSelected([]);
                setBought(what);
              }}
            />
          )}
          {bought && (
            <Alert severity="success" onClose={() => setBought(null)}>
              You bought {bought}.{' '}
              {b.format === 'random_team' ? 'Your teams are drawn live when the break runs. ' : ''}
              Find your spots in{' '}
              <Link component={RouterLink} to={paths.dashboard.getHref({ tab: 'breaks' })}>
                your dashboard
              </Link>
              .
            </Alert>
          )}
          {b.status === 'filled' && (
            <Alert severity="info">
              Every spot needed is sold. The teams are drawn live when the break starts.
            </Alert>
          )}
          {b.status === 'cancelled' && (
            <Alert severity="info">
              This break was cancelled: every spot was refunded to its buyer&apos;s wallet.
            </Alert>
          )}
          {b.status === 'completed' && (
            <Alert severity="success">
              This break has ended. Holders claim their hits from{' '}
              <Link component={RouterLink} to={paths.dashboard.getHref({ tab: 'breaks' })}>
                the dashboard
              </Link>
              .
            </Alert>
          )}
          {(b.status === 'live' || b.status === 'completed' || b.status === 'filled') && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                variant={b.status === 'live' ? 'contained' : 'outlined'}
                component={RouterLink}
                to={paths.breakReveal.getHref(b._id)}
              >
                {b.status === 'filled' ? 'Watch the team draw' : 'See the team draw'}
              </Button>
              {b.status !== 'filled' && (
                <Button
                  variant="outlined"
                  component={RouterLink}
                  to={paths.breakPackReveal.getHref({ break: b._id })}
                >
                  Follow the hits live
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Box>

      {b.streamUrl && b.status !== 'completed' && b.status !== 'cancelled' && (
        <Box component="section" sx={{ mt: 4 }} aria-label="Live stream">
          <StreamEmbed url={b.streamUrl} title={b.title} />
        </Box>
      )}

      <Box component="section" sx={{ mt: 4 }} aria-labelledby="spots-title">
        <Typography variant="h6" component="h2" id="spots-title" gutterBottom>
          Spots
        </Typography>
        {b.format === 'random_team' && !b.startedAt && (
          <Box sx={{ mb: 1.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The {b.teams.length} teams, each drawn onto one spot live when the break runs:
            </Typography>
            <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.75} aria-label="Teams">
              {b.teams.map((t) => (
                <Chip key={t} size="small" variant="outlined" label={t} />
              ))}
            </Stack>
          </Box>
        )}
        <SpotsTable
          b={b}
          selectable={onSale && b.format === 'pick_team'}
          selected={selected}
          onToggle={toggle}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {UNOWNED_HIT_RULE_TEXT[b.unownedHitRule]} A team whose spot did not sell stays with the
          breaker.
        </Typography>
      </Box>

      {hits.length > 0 && (
        <Box component="section" sx={{ mt: 4 }} aria-labelledby="hits-title">
          <Typography variant="h6" component="h2" id="hits-title" gutterBottom>
            Hits
          </Typography>
          <GridColumns
            gap={1.5}
            columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
          >
            {hits.map((h) => (
              <HitCard key={h._id} hit={h} />
            ))}
          </GridColumns>
        </Box>
      )}

      <Box sx={{ mt: 4 }}>
        <FairnessPanel b={b} />
      </Box>
    </Box>
  );
}
