import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { FairnessResponse } from '@grail/contract';
import { useCases } from '../api/useCases';
import { useFairness } from '../api/useFairness';
import { Commitment } from '../components/Commitment';
import { GrailPageFrame } from '../components/GrailPageFrame';
import { contentsHash, hexToBytes, sha256Hex, verifyPulls, type Verdict } from '../lib/fairness';
import { paths } from '@/lib/paths';
import stacked from '@/components/StackedTable.module.css';

interface Check {
  seed: Verdict | null;
  contents: Verdict;
  pulls: Map<number, Verdict>;
}

const VerdictChip = ({ verdict }: { verdict: Verdict | null | undefined }) =>
  verdict ? (
    <Chip size="small" color={verdict === 'Verified' ? 'success' : 'error'} label={verdict} />
  ) : (
    <Chip size="small" variant="outlined" label="Seed not revealed yet" />
  );

async function runChecks(f: FairnessResponse): Promise<Check> {
  const contents = (await contentsHash(f.contents)) === f.contentsHash ? 'Verified' : 'Mismatch';
  if (!f.serverSeed) return { seed: null, contents, pulls: new Map() };
  const seed =
    (await sha256Hex(hexToBytes(f.serverSeed))) === f.serverSeedHash ? 'Verified' : 'Mismatch';
  return { seed, contents, pulls: await verifyPulls(f.serverSeed, f.contents, f.pulls) };
}

/** Recomputes every pull of a case in this browser with Web Crypto: 'Verified' or 'Mismatch'. */
export default function FairnessPage() {
  const [params, setParams] = useSearchParams();
  const cases = useCases();
  const caseId = params.get('case') ?? cases.data?.[0]?.caseId;
  const fairness = useFairness(caseId);
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => setCheck(null), [caseId, fairness.data]);

  const verify = async () => {
    if (!fairness.data) return;
    setChecking(true);
    try {
      setCheck(await runChecks(fairness.data));
    } finally {
      setChecking(false);
    }
  };

  const f = fairness.data;
  return (
    <GrailPageFrame title="Provably Fair">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          The rule
        </Typography>
        <Typography variant="body2" paragraph>
          When a case goes live its cards get fixed positions 1…N and we publish SHA-256 of the
          contents list and SHA-256 of a secret 32-byte server seed. Pull number k with your client
          seed reads HMAC-SHA256(server seed, clientSeed + ":" + k) as 4-byte big-endian numbers and
          takes the first one below the largest multiple of the remaining count that fits in 2
          <sup>32</sup> (if all eight are above it, the next block is HMAC of clientSeed + ":" + k +
          ":1", then ":2"…). That number modulo the remaining count is the index of your card among
          the cards still in the case, in position order. Once the case sells out or closes the seed
          is revealed and this page replays every pull.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your client seed is in your dashboard under My Pulls; change it whenever you like.
        </Typography>
      </Paper>

      {cases.data && cases.data.length > 0 && (
        <FormControl size="small" sx={{ minWidth: 280, mb: 3 }}>
          <InputLabel id="fair-case">Case</InputLabel>
          <Select
            labelId="fair-case"
            label="Case"
            value={caseId ?? ''}
            onChange={(e) => setParams({ case: String(e.target.value) })}
          >
            {cases.data.map((c) => (
              <MenuItem key={c.caseId} value={c.caseId}>
                {c.name} ({c.status.replace('_', ' ')})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {cases.data?.length === 0 && (
        <Typography color="text.secondary">No case has gone live yet.</Typography>
      )}
      {fairness.isError && (
        <Alert severity="error">Could not load this case's fairness record.</Alert>
      )}
      {fairness.isLoading && <CircularProgress />}
      {f && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={1.5}>
              <Typography variant="h6" component="h2">
                {f.name}
              </Typography>
              <Commitment label="Server seed hash" value={f.serverSeedHash} />
              <Commitment label="Contents hash" value={f.contentsHash} />
              <Commitment
                label="Server seed"
                value={f.serverSeed}
                pending="Revealed when the case sells out or closes."
              />
              <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
                <Button variant="contained" onClick={() => void verify()} disabled={checking}>
                  Verify in my browser
                </Button>
                {check && (
                  <>
                    <span>Contents:</span> <VerdictChip verdict={check.contents} />
                    <span>Seed:</span> <VerdictChip verdict={check.seed} />
                  </>
                )}
              </Stack>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Pulls of this case" className={stacked.table}>
              <TableHead>
                <TableRow>
                  <TableCell>k</TableCell>
                  <TableCell>Client seed</TableCell>
                  <TableCell align="right">Remaining</TableCell>
                  <TableCell align="right">Position</TableCell>
                  <TableCell>Check</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {f.pulls.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>No pulls yet.</TableCell>
                  </TableRow>
                )}
                {f.pulls.map((p) => (
                  <TableRow key={p.k}>
                    <TableCell data-label="k">{p.k}</TableCell>
                    <TableCell data-label="Client seed" sx={{ maxWidth: { sm: 220 } }}>
                      {/* Monospace on the value only: on a phone the cell also shows its label. */}
                      <Box
                        component="code"
                        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                      >
                        {p.clientSeed}
                      </Box>
                    </TableCell>
                    <TableCell data-label="Remaining" align="right">
                      {p.remainingBefore}
                    </TableCell>
                    <TableCell data-label="Position" align="right">
                      {p.position}
                    </TableCell>
                    <TableCell data-label="Check">
                      {check ? <VerdictChip verdict={check.pulls.get(p.k)} /> : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Stack>
      )}
      <Link
        component={RouterLink}
        to={paths.grailMachine.getHref()}
        sx={{ display: 'inline-block', mt: 3 }}
      >
        Back to the Grail Machine
      </Link>
    </GrailPageFrame>
  );
}
