import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
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
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { FairnessResponse, PublicPull } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { ShareButton } from '@/components/ShareButton';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Commitment } from '../components/Commitment';
import { contentsHash, hexToBytes, sha256Hex, verifyPulls, type Verdict } from '../lib/fairness';
import { usePublicPull, usePullCaseFairness } from '../api/usePublicPull';

interface Check {
  contents: Verdict;
  /** Null while the case's server seed is still secret. */
  seed: Verdict | null;
  pull: Verdict | null;
}

/** The fairness rule replayed in this browser for one pull (docs/fairness.md). */
async function checkPull(f: FairnessResponse, k: number): Promise<Check> {
  const contents = (await contentsHash(f.contents)) === f.contentsHash ? 'Verified' : 'Mismatch';
  if (!f.serverSeed) return { contents, seed: null, pull: null };
  const seed =
    (await sha256Hex(hexToBytes(f.serverSeed))) === f.serverSeedHash ? 'Verified' : 'Mismatch';
  const verdicts = await verifyPulls(f.serverSeed, f.contents, f.pulls);
  return { contents, seed, pull: verdicts.get(k) ?? 'Mismatch' };
}

const VerdictChip = ({ label, verdict }: { label: string; verdict: Verdict }) => (
  <Chip
    size="small"
    color={verdict === 'Verified' ? 'success' : 'error'}
    label={`${label}: ${verdict}`}
  />
);

function Proof({ pull }: { pull: PublicPull }) {
  const [asked, setAsked] = useState(false);
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  const fairness = usePullCaseFairness(pull.caseId, asked);

  const verify = async () => {
    setAsked(true);
    setChecking(true);
    try {
      const record = fairness.data ?? (await fairness.refetch()).data;
      if (record) setCheck(await checkPull(record, pull.k));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="proof-heading"
    >
      <Stack spacing={1.5}>
        <Typography id="proof-heading" variant="h6" component="h2">
          Provably fair
        </Typography>
        <Typography variant="body2" color="text.secondary">
          This pull is pull {pull.proof.k} of the case, drawn from the {pull.proof.remainingBefore}{' '}
          cards left with the collector&apos;s client seed. Anyone can replay it once the
          case&apos;s server seed is revealed.
        </Typography>
        <Commitment label="Client seed" value={pull.proof.clientSeed} />
        <Commitment
          label="Server seed hash"
          value={pull.serverSeedHash}
          pending="Published when the case goes live."
        />
        <Commitment label="Drawn position" value={String(pull.proof.position)} />
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Button variant="contained" onClick={() => void verify()} disabled={checking}>
            Verify
          </Button>
          {checking && <CircularProgress size={20} aria-label="Checking" />}
          {check && (
            <>
              <VerdictChip label="Contents" verdict={check.contents} />
              {check.seed && <VerdictChip label="Seed" verdict={check.seed} />}
              {check.pull && <VerdictChip label="This pull" verdict={check.pull} />}
            </>
          )}
        </Stack>
        {fairness.isError && (
          <Alert severity="error">Could not load this case&apos;s fairness record.</Alert>
        )}
        {check && check.seed === null && (
          <Alert severity="info">
            The contents match what was published. The server seed stays secret until the case sells
            out or closes; then this button replays the pull itself.
          </Alert>
        )}
        <Link component={RouterLink} to={paths.fairness.getHref({ case: pull.caseId })}>
          Every pull of this case
        </Link>
      </Stack>
    </Paper>
  );
}

function Facts({ pull }: { pull: PublicPull }) {
  const { card } = pull;
  const rows: [string, React.ReactNode][] = [
    ['Grade', card.grade],
    [
      'Cert',
      card.certNumber ? (
        card.certUrl ? (
          <Link href={card.certUrl} target="_blank" rel="noopener noreferrer">
            {card.certNumber} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
          </Link>
        ) : (
          card.certNumber
        )
      ) : (
        '—'
      ),
    ],
    ['FMV', <strong key="fmv">{formatUsd(card.fmv)}</strong>],
    ['Pack price', formatUsd(pull.packPrice)],
    ['Case', pull.caseName],
    ['Pull', `#${pull.k} of ${pull.totalItems}`],
    ['Pulled by', pull.pulledBy],
    ['Time', dateTimeFormat.format(new Date(pull.pulledAt))],
  ];
  return (
    <Table size="small" aria-label="About this pull">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '38%' }}>
              {label}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /pulls/:id: one pull as anyone may see it, with its proof and a share button. */
export default function PublicPullPage() {
  const { id = '' } = useParams();
  const query = usePublicPull(id);

  if (query.isPending) {
    return (
      <Box
        sx={{ display: 'grid', gap: 4, gridTemplateColumns: { md: '320px 1fr' }, py: 3 }}
        aria-busy="true"
      >
        <Skeleton variant="rounded" sx={{ aspectRatio: '5 / 7', height: 'auto' }} />
        <Stack spacing={2}>
          <Skeleton height={48} width="80%" />
          <Skeleton height={200} />
        </Stack>
      </Box>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <Box sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Could not load this pull
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          Something went wrong. Please try again.
        </Alert>
        <Button component={RouterLink} to={paths.grailMachine.getHref()} variant="contained">
          Go to the Grail Machine
        </Button>
      </Box>
    );
  }

  const { pull } = query.data;
  const { card } = pull;
  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <title>{`${card.name} pulled by ${pull.pulledBy} | Grail Machine`}</title>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ maxWidth: 320, width: '100%', mx: 'auto' }}>
          <CardImage src={card.imageUrl} alt={card.name} eager sizes="320px" />
        </Box>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {card.tier && <Chip label={`${card.tier} tier`} color="secondary" size="small" />}
              <Chip label={`pull #${pull.k} of ${pull.totalItems}`} size="small" />
            </Stack>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}
            >
              {card.name}
            </Typography>
            <Typography color="text.secondary">
              Pulled by <strong>{pull.pulledBy}</strong> from {pull.caseName}
            </Typography>
          </Stack>
          <Facts pull={pull} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ShareButton
              path={paths.pull.getHref(pull._id)}
              title={`${card.name} (${card.grade}) pulled on the Grail Machine`}
              text={`FMV ${formatUsd(card.fmv)} from a ${formatUsd(pull.packPrice)} pack.`}
            />
            <Button component={RouterLink} to={paths.grailMachine.getHref()} variant="contained">
              Open a pack
            </Button>
          </Stack>
          <Proof pull={pull} />
        </Stack>
      </Box>
    </Box>
  );
}
