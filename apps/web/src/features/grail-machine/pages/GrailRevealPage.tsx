import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Fade,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { Pull } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import {
  PullDecisionButtons,
  PullDecisionDialogs,
  type PullDecision,
} from '@/components/PullDecisionDialogs';
import { useMyPull, usePullActions } from '@/lib/api/pulls';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { PackReveal } from '../components/PackReveal';
import { revealPending } from '../lib/pendingReveals';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';

const shipByText = (iso: string) => dateTimeFormat.format(new Date(iso));

function PullActions({ pull }: { pull: Pull }) {
  const actions = usePullActions();
  const { claim, sellBack } = actions;
  const failure = (claim.error ?? sellBack.error) as ApiError | Error | null;
  const busy = claim.isPending || sellBack.isPending;
  // Neither decision is sent before its dialog is confirmed.
  const [confirming, setConfirming] = useState<PullDecision | null>(null);
  return (
    <Stack spacing={1.5}>
      <PullDecisionDialogs
        pull={pull}
        confirming={confirming}
        busy={busy}
        actions={actions}
        onClose={() => setConfirming(null)}
      />
      {pull.status === 'revealed' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <PullDecisionButtons pull={pull} busy={busy} size="large" onDecide={setConfirming} />
        </Stack>
      )}
      {busy && <CircularProgress size={24} aria-label="Working" />}
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {pull.status === 'claimed' && pull.shipment && (
        <Alert severity="success">
          Claimed! We ship it by {shipByText(pull.shipment.shipBy)}. Track it in{' '}
          <Link component={RouterLink} to={paths.dashboard.getHref()}>
            My Pulls
          </Link>
          .
        </Alert>
      )}
      {pull.status === 'shipped' && pull.shipment && (
        <Alert severity="success">
          Shipped with {pull.shipment.carrier}, tracking{' '}
          {pull.shipment.trackingNumber && (
            <TrackingLink
              carrier={pull.shipment.carrier}
              trackingNumber={pull.shipment.trackingNumber}
            />
          )}
          .
        </Alert>
      )}
      {pull.status === 'sold_back' && pull.soldBackFor !== null && (
        <Alert severity="info">Sold back: {formatUsd(pull.soldBackFor)} is in your wallet.</Alert>
      )}
      {pull.sellBack && pull.status === 'revealed' && (
        <Typography variant="body2" color="text.secondary">
          Sell-back pays {pull.sellBack.percent}% of FMV until {shipByText(pull.sellBack.until)}.
        </Typography>
      )}
      <Button component={RouterLink} to={paths.grailMachine.getHref()} variant="text" size="large">
        Buy another pack
      </Button>
    </Stack>
  );
}

export default function GrailRevealPage() {
  const [params] = useSearchParams();
  const pullId = params.get('pull');
  const query = useMyPull(pullId);
  // The reveal plays only for a pack just opened here; any other visit shows the card at once.
  const [play] = useState(() => pullId !== null && revealPending(pullId));
  const [revealed, setRevealed] = useState(!play);
  const onRevealed = useCallback(() => setRevealed(true), []);

  if (!pullId) {
    return (
      <Box sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Grail Reveal
        </Typography>
        <Typography color="text.secondary" paragraph>
          Open a pack on the Grail Machine to reveal your card here.
        </Typography>
        <Button component={RouterLink} to={paths.grailMachine.getHref()} variant="contained">
          Go to the Grail Machine
        </Button>
      </Box>
    );
  }
  if (query.isPending) {
    return (
      <Stack alignItems="center" sx={{ py: 10 }} role="status">
        <CircularProgress />
        <Typography sx={{ mt: 2 }}>Loading your pull…</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <Box sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Grail Reveal
        </Typography>
        <Alert severity="error">
          {status === 401
            ? 'Sign in to see your pull.'
            : 'Could not load this pull. Please try again.'}
        </Alert>
      </Box>
    );
  }
  const { pull } = query.data;
  const cert = pull.card.certUrl;
  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography
        variant="h4"
        component="h1"
        textAlign="center"
        gutterBottom
        sx={{ fontWeight: 800 }}
        aria-live="polite"
      >
        {revealed ? 'Your pull!' : 'Opening your pack…'}
      </Typography>
      {/* One centred column while the pack opens; the card's details join it beside, after. */}
      <Box
        sx={{
          display: 'grid',
          gap: 6,
          gridTemplateColumns: revealed
            ? { xs: 'minmax(0, 1fr)', md: '1fr 1fr' }
            : 'minmax(0, 1fr)',
          alignItems: 'center',
          mt: 3,
        }}
      >
        <PackReveal pull={pull} play={play} onRevealed={onRevealed} />
        {revealed && (
          <Fade in appear timeout={400}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                  <Chip label={`pull #${pull.k} of ${pull.totalItems}`} size="small" />
                  {pull.card.tier && <Chip label={pull.card.tier} color="secondary" size="small" />}
                </Stack>
                <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
                  {pull.card.name}
                </Typography>
                <Typography>
                  Grade: <strong>{pull.card.grade}</strong>
                  {pull.card.certNumber && (
                    <>
                      {' · Cert '}
                      {cert ? (
                        <Link href={cert} target="_blank" rel="noopener noreferrer">
                          {pull.card.certNumber}
                        </Link>
                      ) : (
                        pull.card.certNumber
                      )}
                    </>
                  )}
                </Typography>
                <Typography variant="h6" component="p">
                  FMV {formatUsd(pull.card.fmv)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  From {pull.caseName} · pack price {formatUsd(pull.price)}
                </Typography>
                <PullActions pull={pull} />
              </Stack>
            </Paper>
          </Fade>
        )}
      </Box>
    </Box>
  );
}
