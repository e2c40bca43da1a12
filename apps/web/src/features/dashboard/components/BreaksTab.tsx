import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { BreakHitStatus, MyBreak, MyHit } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { useBreakHitActions, useMyBreaks } from '@/lib/api/breaks';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { SellBackDialog } from '@/components/PullDecisionDialogs';
import { TrackingLink } from '@/components/TrackingLink';

const HIT_STATUS: Record<
  BreakHitStatus,
  { label: string; color: 'default' | 'info' | 'primary' | 'success' | 'secondary' }
> = {
  held: { label: 'Yours', color: 'info' },
  house: { label: 'House', color: 'default' },
  claimed: { label: 'Claimed', color: 'primary' },
  shipped: { label: 'Shipped', color: 'success' },
  sold_back: { label: 'Sold back', color: 'secondary' },
};

const BREAK_STATUS: Record<MyBreak['break']['status'], string> = {
  draft: 'Draft',
  open: 'Filling',
  filled: 'Upcoming',
  live: 'Live',
  completed: 'Ended',
  cancelled: 'Cancelled',
};

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function HitRow({ hit, actions }: { hit: MyHit; actions: ReturnType<typeof useBreakHitActions> }) {
  const { sellBack } = actions;
  const [confirming, setConfirming] = useState(false);
  const busy = sellBack.isPending && sellBack.variables === hit._id;
  const error = sellBack.variables === hit._id ? sellBack.error : null;
  const status = HIT_STATUS[hit.status];
  return (
    <Box
      data-testid="my-break-hit"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '56px 1fr', sm: '56px 1fr auto' },
        alignItems: 'center',
      }}
    >
      <CardImage src={hit.imageUrl ?? undefined} alt={hit.cardName} sizes="56px" />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{hit.cardName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[hit.team, hit.detail].filter(Boolean).join(' · ')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
          <Chip size="small" color={status.color} label={status.label} />
          {hit.soldBackFor !== null && (
            <Typography variant="body2">Sold back for {formatUsd(hit.soldBackFor)}</Typography>
          )}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error.message}
          </Alert>
        )}
      </Box>
      {hit.buybackPrice !== null && (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => setConfirming(true)}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          Sell back for {formatUsd(hit.buybackPrice)}
        </Button>
      )}
      <SellBackDialog
        offer={
          hit.buybackPrice === null
            ? null
            : { id: hit._id, cardName: hit.cardName, amount: hit.buybackPrice }
        }
        open={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          sellBack.mutate(hit._id);
        }}
      />
    </Box>
  );
}

function BreakPanel({
  mine,
  actions,
}: {
  mine: MyBreak;
  actions: ReturnType<typeof useBreakHitActions>;
}) {
  const b = mine.break;
  const { claim } = actions;
  const claiming = claim.isPending && claim.variables === b._id;
  const claimError = claim.variables === b._id ? claim.error : null;
  const held = mine.hits.filter((h) => h.status === 'held').length;
  const live = mine.spots.filter((s) => !s.refundedAt);
  const refunded = mine.spots.filter((s) => s.refundedAt);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="my-break">
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        useFlexGap
        flexWrap="wrap"
        sx={{ mb: 1 }}
      >
        <Chip size="small" label={BREAK_STATUS[b.status]} />
        <Link component={RouterLink} to={paths.breakDetail.getHref(b._id)} sx={{ fontWeight: 700 }}>
          {b.title}
        </Link>
      </Stack>
      {live.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 1 }} aria-label="Your spots">
          {live.map((s) => (
            <li key={s.spotNumber}>
              <Typography variant="body2" component="span">
                Spot {s.spotNumber}: <strong>{s.team ?? 'team drawn when the break runs'}</strong> ·{' '}
                {formatUsd(s.price)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {refunded.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {refunded.length} spot{refunded.length === 1 ? '' : 's'} refunded to your wallet (
          {formatUsd(refunded.reduce((sum, s) => sum + Math.round(s.price * 100), 0) / 100)}).
        </Typography>
      )}
      {mine.hits.length > 0 ? (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {mine.hits.map((h) => (
            <HitRow key={h._id} hit={h} actions={actions} />
          ))}
        </Stack>
      ) : (
        b.status !== 'cancelled' && (
          <Typography variant="body2" color="text.secondary">
            {b.status === 'live'
              ? 'No hits for your teams yet.'
              : b.status === 'completed'
                ? 'Your teams had no hits in this break.'
                : 'Hits of your teams show here as the packs are opened.'}
          </Typography>
        )
      )}
      {held > 0 && b.status === 'live' && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          You can claim your hits once the break ends; they ship together.
        </Typography>
      )}
      {mine.canClaim && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          alignItems={{ sm: 'center' }}
          sx={{ mt: 2 }}
        >
          <Button
            variant="contained"
            disabled={claiming}
            onClick={() => claim.mutate(b._id)}
            startIcon={claiming ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Claim &amp; ship {held} hit{held === 1 ? '' : 's'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            One package to your saved address, shipped within 48 hours.
          </Typography>
        </Stack>
      )}
      {claimError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {claimError.message}{' '}
          {/address/i.test(claimError.message) && (
            <Link component={RouterLink} to={paths.completeProfile.getHref()}>
              Add your address
            </Link>
          )}
        </Alert>
      )}
      {mine.shipment && (
        <Alert severity={mine.shipment.status === 'pending' ? 'info' : 'success'} sx={{ mt: 2 }}>
          {mine.shipment.status === 'pending' ? (
            `Claimed: we ship your hits by ${date(mine.shipment.shipBy)}.`
          ) : (
            <>
              Shipped with {mine.shipment.carrier}, tracking{' '}
              {mine.shipment.trackingNumber && (
                <TrackingLink
                  carrier={mine.shipment.carrier}
                  trackingNumber={mine.shipment.trackingNumber}
                />
              )}
              .
            </>
          )}
        </Alert>
      )}
    </Paper>
  );
}

/** Dashboard 'Breaks': the collector's spots and hits, claimed together or sold back. */
export function BreaksTab() {
  const mine = useMyBreaks();
  const actions = useBreakHitActions();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        Breaks
      </Typography>
      {mine.isPending && (
        <Stack spacing={1.5} role="status" aria-label="Loading your breaks">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      )}
      {mine.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mine.refetch()}>
              Try again
            </Button>
          }
        >
          Could not load your breaks.
        </Alert>
      )}
      {mine.data?.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">You have no break spots yet.</Typography>
          <Button component={RouterLink} to={paths.breaks.getHref()} variant="contained">
            Browse breaks
          </Button>
        </Stack>
      )}
      {mine.data?.map((m) => (
        <BreakPanel key={m.break._id} mine={m} actions={actions} />
      ))}
    </Stack>
  );
}
