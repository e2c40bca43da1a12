import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Link,
  Paper,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ClientSeed, type Pull, type PullStatus } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import {
  PullDecisionButtons,
  PullDecisionDialogs,
  type PullDecision,
} from '@/components/PullDecisionDialogs';
import { claimId, useMyPulls, usePullActions } from '@/lib/api/pulls';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { usePullPreferences, useSavePullPreferences } from '../api/usePullPreferences';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';

const STATUS: Record<
  PullStatus,
  { label: string; color: 'default' | 'info' | 'primary' | 'success' | 'secondary' }
> = {
  revealed: { label: 'Revealed', color: 'info' },
  claimed: { label: 'Claimed', color: 'primary' },
  shipped: { label: 'Shipped', color: 'success' },
  delivered: { label: 'Delivered', color: 'success' },
  sold_back: { label: 'Sold back', color: 'secondary' },
};

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function PullRow({ pull }: { pull: Pull }) {
  const actions = usePullActions();
  const { claim, sellBack } = actions;
  const [confirming, setConfirming] = useState<PullDecision | null>(null);
  const claiming = claim.variables !== undefined && claimId(claim.variables) === pull._id;
  const busy =
    (claim.isPending && claiming) || (sellBack.isPending && sellBack.variables === pull._id);
  const error =
    (claiming ? claim.error : null) ?? (sellBack.variables === pull._id ? sellBack.error : null);
  const status = STATUS[pull.status];
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '72px 1fr', sm: '88px 1fr auto' },
        alignItems: 'center',
      }}
      data-testid="pull-row"
    >
      <CardImage src={pull.card.imageUrl} alt={pull.card.name} sizes="88px" />
      <Box sx={{ minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          flexWrap="wrap"
          useFlexGap
          sx={{ mb: 0.5 }}
        >
          <Chip size="small" color={status.color} label={status.label} />
          <Typography variant="caption" color="text.secondary">
            pull #{pull.k} of {pull.totalItems} · {pull.caseName}
          </Typography>
        </Stack>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{pull.card.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {/* A name that ends with the grade ('… #16 SGC 10') is not followed by it again. */}
          {[
            pull.card.name.includes(pull.card.grade) ? null : pull.card.grade,
            `FMV ${formatUsd(pull.card.fmv)}`,
            date(pull.pulledAt),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {pull.shipment && pull.status === 'claimed' && (
          <Typography variant="body2">Ships by {date(pull.shipment.shipBy)}</Typography>
        )}
        {pull.shipment?.trackingNumber && (
          <Typography variant="body2">
            {pull.shipment.carrier} tracking{' '}
            <strong>
              <TrackingLink
                carrier={pull.shipment.carrier}
                trackingNumber={pull.shipment.trackingNumber}
              />
            </strong>
          </Typography>
        )}
        {pull.status === 'sold_back' && pull.soldBackFor !== null && (
          <Typography variant="body2">Sold back for {formatUsd(pull.soldBackFor)}</Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error.message}
          </Alert>
        )}
      </Box>
      <Stack
        direction={{ xs: 'row', sm: 'column' }}
        spacing={1}
        flexWrap="wrap"
        useFlexGap
        // A label never breaks inside its button: on a phone the buttons wrap to a second line.
        sx={{
          gridColumn: { xs: '1 / -1', sm: 'auto' },
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        <PullDecisionButtons pull={pull} busy={busy} size="small" onDecide={setConfirming} />
        <Button
          size="small"
          component={RouterLink}
          to={paths.grailReveal.getHref({ pull: pull._id })}
        >
          View
        </Button>
      </Stack>
      <PullDecisionDialogs
        pull={pull}
        confirming={confirming}
        busy={busy}
        actions={actions}
        onClose={() => setConfirming(null)}
      />
    </Paper>
  );
}

function PullPreferencesForm() {
  const prefs = usePullPreferences();
  const save = useSavePullPreferences();
  const [seed, setSeed] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  useEffect(() => {
    if (prefs.data) {
      setSeed(prefs.data.clientSeed);
      setAnonymous(prefs.data.pullsAnonymous);
    }
  }, [prefs.data]);
  const parsed = ClientSeed.safeParse(seed);
  const seedError = seed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) save.mutate({ clientSeed: parsed.data, pullsAnonymous: anonymous });
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} gutterBottom>
        Fairness and privacy
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label="Client seed"
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          error={Boolean(seedError)}
          helperText={seedError ?? 'Mixed into every pull you buy; change it any time.'}
          sx={{ flex: 1 }}
          disabled={prefs.isPending}
        />
        <Button size="small" onClick={() => setSeed(crypto.randomUUID().replaceAll('-', ''))}>
          Randomize
        </Button>
      </Stack>
      <FormControlLabel
        control={<Switch checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />}
        label="Show my pulls as Anonymous"
      />
      <Stack direction="row" spacing={2} alignItems="center">
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={!parsed.success || save.isPending}
        >
          Save
        </Button>
        {save.isSuccess && (
          <Typography variant="body2" color="success.main">
            Saved.
          </Typography>
        )}
        {save.error && (
          <Typography variant="body2" color="error">
            {save.error.message}
          </Typography>
        )}
        <Link component={RouterLink} to={paths.fairness.getHref()} variant="body2">
          How pulls are verified
        </Link>
      </Stack>
    </Paper>
  );
}

/** Dashboard 'My Pulls': every pull with its status and what can still be done with it. */
export function PullsTab() {
  const pulls = useMyPulls();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        My Pulls
      </Typography>
      {pulls.isPending && (
        <Stack spacing={1.5} role="status" aria-label="Loading pulls">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Stack>
      )}
      {pulls.isError && <Alert severity="error">Could not load your pulls.</Alert>}
      {pulls.data?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography gutterBottom>No pulls yet.</Typography>
          <Button component={RouterLink} to={paths.grailMachine.getHref()} variant="contained">
            Open your first pack
          </Button>
        </Paper>
      )}
      {pulls.data?.map((p) => (
        <PullRow key={p._id} pull={p} />
      ))}
      {pulls.isFetching && !pulls.isPending && (
        <CircularProgress size={18} aria-label="Refreshing" />
      )}
      <PullPreferencesForm />
    </Stack>
  );
}
