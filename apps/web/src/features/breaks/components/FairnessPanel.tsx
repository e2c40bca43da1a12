import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { BreakDetail } from '@grail/contract';
import { useBreakFairness } from '../api/useBreak';
import { verifyBreak, type BreakCheck, type Verdict } from '../lib/fairness';

const VerdictChip = ({ label, verdict }: { label: string; verdict: Verdict }) => (
  <Chip
    size="small"
    color={verdict === 'Verified' ? 'success' : 'error'}
    label={`${label}: ${verdict}`}
  />
);

function Mono({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: '0.85rem' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The break's commitments, and once the teams are drawn a check that recomputes the draw in this
 * browser with Web Crypto: 'Verified' or 'Mismatch'.
 */
export function FairnessPanel({ b }: { b: BreakDetail }) {
  const revealed = Boolean(b.fairness.serverSeed);
  const fairness = useBreakFairness(b._id, revealed);
  const [check, setCheck] = useState<BreakCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const verify = async () => {
    setChecking(true);
    setFailed(false);
    try {
      const f = fairness.data ?? (await fairness.refetch()).data;
      setCheck(f ? await verifyBreak(f) : null);
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="fairness-title">
      <Typography variant="h6" component="h2" id="fairness-title" gutterBottom>
        Provably fair
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        When sales opened we published SHA-256 of a secret server seed. When the break runs, the
        client seeds of every sold spot, in purchase order and joined with commas, are the public
        input; HMAC-SHA256 of the seed and the input drives a Fisher–Yates shuffle of the team list
        (without modulo bias), and spot n gets the team in place n. The seed is then revealed so
        anyone can redo it.
      </Typography>
      <Stack spacing={1.5}>
        <Mono
          label="Server seed hash"
          value={b.fairness.serverSeedHash ?? 'Published when sales open.'}
        />
        <Mono
          label="Server seed"
          value={b.fairness.serverSeed ?? 'Revealed when the teams are drawn.'}
        />
        {fairness.data?.publicInput !== undefined && fairness.data?.publicInput !== null && (
          <Mono label="Public input" value={fairness.data.publicInput || '(no spots sold)'} />
        )}
        {revealed && (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
            <Button variant="contained" onClick={() => void verify()} disabled={checking}>
              Verify in my browser
            </Button>
            {check && (
              <>
                <VerdictChip label="Seed" verdict={check.seed} />
                <VerdictChip label="Public input" verdict={check.input} />
                {check.assignments && <VerdictChip label="Teams" verdict={check.assignments} />}
              </>
            )}
          </Stack>
        )}
        {failed && <Alert severity="error">Could not load the fairness record. Try again.</Alert>}
      </Stack>
    </Paper>
  );
}
