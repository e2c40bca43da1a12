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
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  NO_CASE_TEXT,
  NO_CASE_TITLE,
  SOLD_OUT_MESSAGE,
  type ActiveCaseResponse,
} from '@grail/contract';
import { FeaturedGrid } from '@/components/FeaturedGrid';
import { caseKeys, useActiveCase } from '@/lib/api/activeCase';
import { useRecentPulls } from '@/lib/api/recentPulls';
import { dateFormat, formatUsd } from '@/lib/format';
import { useCaseDetail } from '../api/useCaseDetail';
import { useCases } from '../api/useCases';
import { useGrailEvents } from '../api/useGrailEvents';
import { BuyPackDialog } from '../components/BuyPackDialog';
import { CaseChecklist } from '../components/CaseChecklist';
import { CaseStats } from '../components/CaseStats';
import { Countdown } from '../components/Countdown';
import { GrailPageFrame } from '../components/GrailPageFrame';
import { FairnessExplainer } from '../components/FairnessExplainer';
import { RecentPullsStrip } from '../components/RecentPullsStrip';
import { TierOdds } from '../components/TierOdds';
import { paths } from '@/lib/paths';

/** When a scheduled case opens: Saturday, November 21, 2026 at 7:04 PM. */
const opensAtFormat = dateFormat({ dateStyle: 'full', timeStyle: 'short' });

function NoCase() {
  const cases = useCases();
  const last = cases.data?.[0];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      {last?.status === 'sold_out' && <Chip color="secondary" label="Sold Out" sx={{ mb: 2 }} />}
      <Typography variant="h4" component="h2" gutterBottom>
        {NO_CASE_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
        {NO_CASE_TEXT}
      </Typography>
      {last && (last.status === 'sold_out' || last.status === 'closed') && (
        <Typography sx={{ mt: 3 }}>
          {last.status === 'sold_out'
            ? `${last.name}: ${SOLD_OUT_MESSAGE}`
            : `${last.name} has closed.`}{' '}
          <Link component={RouterLink} to={paths.fairness.getHref({ case: last.caseId })}>
            Verify its pulls
          </Link>
        </Typography>
      )}
    </Paper>
  );
}

function LiveCase({ live }: { live: ActiveCaseResponse }) {
  const queryClient = useQueryClient();
  const detail = useCaseDetail(live.caseId);
  const [buying, setBuying] = useState(false);
  const opensAt = live.activationTime ? new Date(live.activationTime) : null;
  const upcoming = opensAt !== null && opensAt.getTime() > Date.now();
  const soldOut = live.remaining === 0;
  return (
    <Stack spacing={3}>
      <Box>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Chip
            size="small"
            color={upcoming ? 'info' : soldOut ? 'default' : 'success'}
            label={upcoming ? 'Opening soon' : soldOut ? 'Sold Out' : 'Live'}
          />
        </Stack>
        <Typography variant="h4" component="h2" gutterBottom>
          {live.name}
        </Typography>
        {live.description && <Typography color="text.secondary">{live.description}</Typography>}
      </Box>

      {upcoming && opensAt && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography gutterBottom>Opens {opensAtFormat.format(opensAt)}</Typography>
          <Countdown
            to={opensAt}
            onDone={() => void queryClient.invalidateQueries({ queryKey: caseKeys.active() })}
          />
        </Paper>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <CaseStats live={live} />
          <Button
            size="large"
            variant="contained"
            disabled={upcoming || soldOut}
            onClick={() => setBuying(true)}
            sx={{ py: 1.5, fontSize: '1.1rem', fontWeight: 700 }}
          >
            {soldOut ? SOLD_OUT_MESSAGE : `Buy a Pack · ${formatUsd(live.packPrice)}`}
          </Button>
          <Typography variant="body2" color="text.secondary">
            One random card from the {live.remaining} still in the case, revealed instantly. Claim
            it and we ship within 48 hours, or sell it back for {live.buybackPercent}% of FMV within{' '}
            {live.buybackWindowHours} hours.
          </Typography>
        </Stack>
        <TierOdds tiers={live.tiers} />
      </Box>

      {detail.data && detail.data.topGrails.length > 0 && (
        <Box component="section" aria-labelledby="top-grails-heading">
          <Typography id="top-grails-heading" variant="h6" component="h2" gutterBottom>
            Top grails still in the case
          </Typography>
          <FeaturedGrid cards={detail.data.topGrails} />
        </Box>
      )}

      <CaseChecklist caseId={live.caseId} />

      <BuyPackDialog live={live} open={buying} onClose={() => setBuying(false)} />
    </Stack>
  );
}

export default function GrailMachinePage() {
  const active = useActiveCase();
  const recent = useRecentPulls();
  useGrailEvents();
  return (
    <GrailPageFrame title="Grail Machine">
      <Stack spacing={4}>
        {active.isPending ? (
          <Stack alignItems="center" spacing={2} sx={{ py: 8 }} role="status">
            <CircularProgress />
            <Typography color="text.secondary">Loading Grail Status...</Typography>
          </Stack>
        ) : active.isError ? (
          <Alert severity="error">Could not load Grail Machine status.</Alert>
        ) : active.data ? (
          <LiveCase live={active.data} />
        ) : (
          <NoCase />
        )}
        <RecentPullsStrip pulls={recent.data} loading={recent.isPending} failed={recent.isError} />
        {active.data && (
          <FairnessExplainer
            caseId={active.data.caseId}
            serverSeedHash={active.data.serverSeedHash}
            contentsHash={active.data.contentsHash}
          />
        )}
      </Stack>
    </GrailPageFrame>
  );
}
